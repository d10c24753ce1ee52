import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPagePath } from '../../shared/page-paths.ts';

/**
 * Serves the built React app from `clientDir`. The app's pages (deep links such as /dashboard or /editor/x)
 * get index.html; any other path outside /api gets it too, where the app shows its 404 page, but with status
 * 404 so crawlers and link checkers see the page is missing. Unknown /api paths answer a JSON 404.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = indexFile !== null && fs.existsSync(indexFile);
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (!hasClient) {
      return reply.status(404).send({ message: 'The web app is not built. Run `npm run build`.' });
    }
    const status = isPagePath(request.url.split('?')[0] ?? '') ? 200 : 404;
    return reply.status(status).header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
