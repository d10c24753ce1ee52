import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/http-error.ts';
import { fontFilePath } from '../render/font-files.ts';

/** The editor's fonts, public and cached for a year (file names change if a font does). */
export const fontsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fonts/:file', { schema: { params: z.object({ file: z.string().max(64) }) } }, async (request, reply) => {
    const file = fontFilePath(request.params.file);
    if (!file) throw notFound('No such font');
    return reply
      .header('Content-Type', 'font/ttf')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Access-Control-Allow-Origin', '*')
      .send(fs.createReadStream(file));
  });
};
