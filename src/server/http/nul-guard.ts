import type { FastifyInstance } from 'fastify';

const REFUSED = 'The request contains a NUL character, which no field may hold.';
/** A NUL written into a path or query string, in either case of its hex digits. */
const ENCODED_NUL = /%00/i;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // JSON bodies are small (bodyLimit) and shallow; the bound keeps a crafted one from recursing without end.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Refuses U+0000 at the edge with 400, in the URL, the cookies and JSON bodies, before any handler or database sees it:
 * PostgreSQL cannot store it in text (it answered 500 where SQLite stored it), and no field of ours means it.
 * Binary bodies (the media PUTs) are not JSON and are not read here.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // Cookies are URL-decoded too (the session cookie is looked up in the database).
    const encoded = [request.url, request.headers.cookie ?? ''];
    if (encoded.some((text) => ENCODED_NUL.test(text) || text.includes('\u0000'))) return reply.status(400).send({ message: REFUSED });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.headers['content-type']?.includes('json') && holdsNul(request.body)) return reply.status(400).send({ message: REFUSED });
  });
}
