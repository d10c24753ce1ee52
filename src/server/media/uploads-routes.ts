import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../shared/schemas/auth.ts';
import { completeUploadRequestSchema, projectSchema, uploadUrlResponseSchema } from '../../shared/schemas/project.ts';
import { completeMediaUploadRequestSchema, mediaResponseSchema } from '../../shared/schemas/media.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import { rateLimits } from '../http/rate-limits.ts';
import type { UploadsService } from './uploads-service.ts';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/videos/upload',
    { config: { rateLimit: rateLimits.upload }, schema: { response: { 200: uploadUrlResponseSchema } } },
    async (request) => ({ uploadURL: await uploads.issue(requireUser(request), 'video') }),
  );

  app.post(
    '/api/videos/complete-upload',
    { config: { rateLimit: rateLimits.upload }, schema: { body: completeUploadRequestSchema, response: { 201: projectSchema } } },
    async (request, reply) => reply.status(201).send(await uploads.complete(requireUser(request), request.body)),
  );

  app.post(
    '/api/projects/:id/media/complete-upload',
    {
      config: { rateLimit: rateLimits.upload },
      schema: { params: projectParamsSchema, body: completeMediaUploadRequestSchema, response: { 201: mediaResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ media: await uploads.completeIntoMedia(requireUser(request), request.params.id, request.body.videoURL, request.body.addToSequence) }),
  );

  // The PUT body is the file itself: streamed to storage, never buffered or parsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // A refusal (401, 404, 413, 415…) is answered before the file is read: kept alive, the connection would go
    // on taking the rest of it, and the browser would show the refusal only once it had sent everything.
    raw.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    });
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/api/videos/uploads/:token',
      {
        config: { uploadBody: true },
        schema: { params: z.object({ token: z.string().min(20).max(100) }), response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        // The ticket's kind decides which types and sizes it takes (uploads-service.ts), video or music.
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const length = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
        // Storage destroys the body when it stops early (413); the error it carries is handled there,
        // so a late 'error' event on the socket must not reach the process as an uncaught one.
        request.raw.on('error', () => undefined);
        await uploads.receive(user, request.params.token, request.body as Readable, contentType, length);
        return { message: 'Uploaded' };
      },
    );
  });
};
