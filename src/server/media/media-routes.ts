import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { sendStoredObject } from './send-stored-object.ts';

/** A project's video and thumbnail, streamed from storage to its owner only (others get 404). */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  app.addHook('preValidation', signedInOnly);

  app.get('/api/video-proxy/:id', { schema: { params: projectParamsSchema } }, async (request, reply) => {
    const project = await findUserProject(db, requireUser(request).id, request.params.id);
    if (!project?.videoKey) throw notFound(project ? 'The video is not ready yet' : PROJECT_NOT_FOUND);
    return sendStoredObject(request, reply, storage, project.videoKey);
  });

  app.get('/api/projects/:id/thumbnail', { schema: { params: projectParamsSchema } }, async (request, reply) => {
    const project = await findUserProject(db, requireUser(request).id, request.params.id);
    if (!project?.thumbnailKey) throw notFound(project ? 'No thumbnail yet' : PROJECT_NOT_FOUND);
    return sendStoredObject(request, reply, storage, project.thumbnailKey);
  });
};
