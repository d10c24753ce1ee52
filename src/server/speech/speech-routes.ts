import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaResponseSchema } from '../../shared/schemas/media.ts';
import {
  captionJobCreatedSchema,
  captionJobResponseSchema,
  captionsRequestSchema,
  voiceoverRequestSchema,
  voicesResponseSchema,
} from '../../shared/schemas/speech.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { SpeechService } from './speech-service.ts';
import type { VoicesService } from './voices-service.ts';

const voiceParamsSchema = z.object({ voiceId: z.string().min(1).max(100) });
const captionJobParamsSchema = z.object({ jobId: z.string().min(1).max(64) });

/** Voices, voice-overs and captions (issue 27), to signed-in users; a project's to its owner only. */
export const speechRoutes: FastifyPluginAsyncZod<{ voices: VoicesService; speech: SpeechService; storage: Storage }> = async (
  app,
  { voices, speech, storage },
) => {
  app.addHook('preValidation', signedInOnly);

  app.get('/api/voices', { schema: { response: { 200: voicesResponseSchema } } }, async () => voices.list());

  // A preview is synthesised once per voice and then served from storage; the first one can reach a keyed provider.
  app.get('/api/voices/:voiceId/preview', { config: { rateLimit: rateLimits.ai }, schema: { params: voiceParamsSchema } }, async (request, reply) =>
    sendStoredObject(request, reply, storage, await voices.preview(request.params.voiceId), { cache: 'private, max-age=86400' }),
  );

  app.post(
    '/api/projects/:id/voiceovers',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { params: projectParamsSchema, body: voiceoverRequestSchema, response: { 201: mediaResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await speech.createVoiceover(requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/projects/:id/captions',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { params: projectParamsSchema, body: captionsRequestSchema, response: { 202: captionJobCreatedSchema } },
    },
    async (request, reply) => reply.status(202).send(await speech.createCaptions(requireUser(request), request.params.id, request.body)),
  );

  app.get('/api/caption-jobs/:jobId', { schema: { params: captionJobParamsSchema, response: { 200: captionJobResponseSchema } } }, async (request) =>
    speech.captionJob(requireUser(request), request.params.jobId),
  );
};
