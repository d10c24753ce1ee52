import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extendRequestSchema, extensionQuoteSchema } from '../../shared/schemas/ai.ts';
import { messageResponseSchema } from '../../shared/schemas/auth.ts';
import {
  createProjectRequestSchema,
  projectListResponseSchema,
  projectSchema,
  updateEditorStateRequestSchema,
} from '../../shared/schemas/project.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { ExtensionService } from '../generation/extension-service.ts';
import { rateLimits } from '../http/rate-limits.ts';
import type { ProjectsService } from './projects-service.ts';

export const projectParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService; extensions: ExtensionService }> = async (
  app,
  { projects, extensions },
) => {
  app.addHook('preValidation', signedInOnly);

  app.get('/api/projects', { schema: { response: { 200: projectListResponseSchema } } }, async (request) =>
    projects.list(requireUser(request)),
  );

  app.get(
    '/api/projects/:id',
    { schema: { params: projectParamsSchema, response: { 200: projectSchema } } },
    async (request) => projects.get(requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { body: createProjectRequestSchema, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      const project = await projects.create(requireUser(request), request.body);
      return reply.status(201).send(project);
    },
  );

  app.patch(
    '/api/projects/:id',
    { schema: { params: projectParamsSchema, body: updateEditorStateRequestSchema, response: { 200: projectSchema } } },
    async (request) => projects.saveEditorState(requireUser(request), request.params.id, request.body.editorState, undefined, request.body.placedShotsSeen),
  );

  app.get(
    '/api/projects/:id/extension-quote',
    { schema: { params: projectParamsSchema, response: { 200: extensionQuoteSchema } } },
    async (request) => extensions.quote(requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects/:id/extend',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { params: projectParamsSchema, body: extendRequestSchema, response: { 200: projectSchema } },
    },
    async (request) => extensions.extend(requireUser(request), request.params.id, request.body.prompt),
  );

  app.delete(
    '/api/projects/:id',
    { schema: { params: projectParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await projects.remove(requireUser(request), request.params.id);
      return { message: 'Project deleted' };
    },
  );
};
