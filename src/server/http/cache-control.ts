import type { FastifyInstance } from 'fastify';

/**
 * Every /api answer is `Cache-Control: no-store` unless its route sets its own (public examples): a
 * user's projects, videos and account must not stay in a shared or browser cache after sign-out.
 * Set before the handler runs, so error answers carry it too.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done();
  });
}
