import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exampleListResponseSchema } from '../../shared/examples.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { ExamplesService } from './examples-service.ts';

const exampleParams = z.object({ id: z.coerce.number().int().min(1).max(1000) });

/** Public: the examples page works signed out. */
export const examplesRoutes: FastifyPluginAsyncZod<{ examples: ExamplesService; storage: Storage }> = async (
  app,
  { examples, storage },
) => {
  app.get('/api/examples', { schema: { response: { 200: exampleListResponseSchema } } }, async () => examples.list());

  app.get('/api/examples/:id/video', { schema: { params: exampleParams } }, async (request, reply) =>
    sendStoredObject(request, reply, storage, await examples.videoKey(request.params.id), { cache: 'public, max-age=86400' }),
  );

  app.get('/api/examples/:id/thumbnail', { schema: { params: exampleParams } }, async (request, reply) =>
    sendStoredObject(request, reply, storage, await examples.thumbnailKey(request.params.id), { cache: 'public, max-age=86400' }),
  );
};
