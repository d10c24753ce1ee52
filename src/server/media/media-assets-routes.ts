import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateMediaRequestSchema, mediaListResponseSchema, mediaResponseSchema } from '../../shared/schemas/media.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { MediaAssetsService } from './media-assets-service.ts';
import { sendVideo } from './media-routes.ts';
import { sendStoredObject } from './send-stored-object.ts';

const mediaParamsSchema = z.object({ mediaId: z.string().min(1).max(64) });

/** A project's media (issue 26): the list, a generated shot, and each asset's files, to its owner only. */
export const mediaAssetsRoutes: FastifyPluginAsyncZod<{ media: MediaAssetsService; storage: Storage }> = async (app, { media, storage }) => {
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/projects/:id/media',
    { schema: { params: projectParamsSchema, response: { 200: mediaListResponseSchema } } },
    async (request) => media.list(requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects/:id/media/generate',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { params: projectParamsSchema, body: generateMediaRequestSchema, response: { 201: mediaResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await media.generate(requireUser(request), request.params.id, request.body)),
  );

  app.get('/api/media/:mediaId/video', { schema: { params: mediaParamsSchema } }, async (request, reply) =>
    sendVideo(request, reply, storage, await media.videoOf(requireUser(request), request.params.mediaId)),
  );

  app.get('/api/media/:mediaId/poster', { schema: { params: mediaParamsSchema } }, async (request, reply) => {
    return sendStoredObject(request, reply, storage, await media.posterOf(requireUser(request), request.params.mediaId));
  });
};
