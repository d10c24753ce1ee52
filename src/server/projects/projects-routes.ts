import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectListResponseSchema } from '../../shared/schemas/project.ts';
import { requireUser } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { toProject } from './project-view.ts';
import { listUserProjects } from './projects-repository.ts';

export const projectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/projects', { schema: { response: { 200: projectListResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    return (await listUserProjects(db, user.id)).map(toProject);
  });
};
