import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantRequestSchema,
  assistantResponseSchema,
  autoApplyPreviewResponseSchema,
  autoApplyRequestSchema,
  autoApplyResponseSchema,
  generateImageRequestSchema,
  generateImageResponseSchema,
  inspirePromptResponseSchema,
  suggestImprovementsRequestSchema,
  suggestionsResponseSchema,
} from '../../shared/schemas/ai.ts';
import { voiceoverScriptResponseSchema } from '../../shared/schemas/speech.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import { notFound } from '../http/http-error.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { type AiService, imageKey } from './ai-service.ts';

const limited = { config: { rateLimit: rateLimits.ai } };

export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService; storage: Storage }> = async (app, { ai, storage }) => {
  app.addHook('preValidation', signedInOnly);

  app.post('/api/inspire-prompt', { ...limited, schema: { response: { 200: inspirePromptResponseSchema } } }, async (request) => {
    requireUser(request);
    return { prompt: await ai.inspire() };
  });

  app.post(
    '/api/generate-image',
    { ...limited, schema: { body: generateImageRequestSchema, response: { 200: generateImageResponseSchema } } },
    async (request) => ({ imageUrl: await ai.generateImage(requireUser(request), request.body.prompt, request.body.model) }),
  );

  app.get('/api/images/:id', { schema: { params: z.object({ id: z.string().uuid() }) } }, async (request, reply) => {
    const key = imageKey(requireUser(request).id, request.params.id);
    if (!(await storage.stat(key))) throw notFound('Image not found');
    return sendStoredObject(request, reply, storage, key);
  });

  app.post(
    '/api/ai-assistant',
    { ...limited, schema: { body: assistantRequestSchema, response: { 200: assistantResponseSchema } } },
    async (request) => {
      requireUser(request);
      return { response: await ai.assistant(request.body.message, request.body.videoContext) };
    },
  );

  app.post(
    '/api/suggest-improvements',
    { ...limited, schema: { body: suggestImprovementsRequestSchema, response: { 200: suggestionsResponseSchema } } },
    async (request) => {
      requireUser(request);
      return { suggestions: await ai.suggest(request.body.videoContext) };
    },
  );

  app.post(
    '/api/projects/:id/voiceovers/script',
    { ...limited, schema: { params: projectParamsSchema, response: { 200: voiceoverScriptResponseSchema } } },
    async (request) => ({ script: await ai.draftVoiceoverScript(requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/projects/:id/auto-apply/preview',
    { ...limited, schema: { params: projectParamsSchema, body: autoApplyRequestSchema, response: { 200: autoApplyPreviewResponseSchema } } },
    async (request) =>
      ai.previewAutoApply(requireUser(request), request.params.id, request.body.suggestion, request.body.currentEditorState),
  );

  app.post(
    '/api/projects/:id/auto-apply',
    { ...limited, schema: { params: projectParamsSchema, body: autoApplyRequestSchema, response: { 200: autoApplyResponseSchema } } },
    async (request) =>
      ai.autoApply(requireUser(request), request.params.id, request.body.suggestion, request.body.currentEditorState),
  );
};
