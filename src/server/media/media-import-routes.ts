import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importMediaRequestSchema, importableMediaResponseSchema, mediaResponseSchema } from '../../shared/schemas/media.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import type { MediaImportService } from './media-import-service.ts';

/** A creator's clips from their other projects, and a copy of one brought into this project (issue 26). */
export const mediaImportRoutes: FastifyPluginAsyncZod<{ mediaImport: MediaImportService }> = async (app, { mediaImport }) => {
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/projects/:id/media/importable',
    { schema: { params: projectParamsSchema, response: { 200: importableMediaResponseSchema } } },
    async (request) => mediaImport.importable(requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects/:id/media/import',
    {
      // Each one copies a video in storage, like an upload's bytes.
      config: { rateLimit: rateLimits.upload },
      schema: { params: projectParamsSchema, body: importMediaRequestSchema, response: { 201: mediaResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await mediaImport.importClip(requireUser(request), request.params.id, request.body.mediaId)),
  );
};
