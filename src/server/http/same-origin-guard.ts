import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = 'Cross-site requests are not allowed.';

/**
 * CSRF defence beside SameSite=Lax cookies: a state-changing request that a browser marks as coming
 * from another site (Sec-Fetch-Site), or whose Origin is not ours, is refused with 403. Requests
 * without either header come from non-browser clients (curl, Stripe's webhook), which carry no
 * ambient cookies of a victim, so they pass.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request, publicOrigin)) return;
    request.log.warn({ origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] }, 'cross-site request refused');
    return reply.status(403).send({ message: REFUSED });
  });
}

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  // 'none' is a request the user started (address bar, bookmark); 'same-origin' is our own page.
  if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite === undefined;
  // Our own origin, whether the browser reached us through PUBLIC_URL or the host it asked for.
  return origin === publicOrigin || originHost(origin) === request.headers.host;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
