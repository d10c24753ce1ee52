import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/queue.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import { firstShotAsset } from '../projects/project-view.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { MediaAssetsService } from './media-assets-service.ts';
import { sendStoredObject } from './send-stored-object.ts';
import { VIDEO_BEING_PREPARED, type VideoToServe, videoToServe } from './watermarked-video.ts';

/** How long a player waiting for a free user's watermarked copy should wait before asking again. */
const PREPARING_RETRY_SECONDS = 5;

/** Streams the file videoToServe chose, or says (409, Retry-After) that a free user's copy is being made. */
export async function sendVideo(request: FastifyRequest, reply: FastifyReply, storage: Storage, video: VideoToServe) {
  if (!('key' in video)) {
    return reply.status(409).header('Retry-After', String(PREPARING_RETRY_SECONDS)).send({ message: VIDEO_BEING_PREPARED });
  }
  return sendStoredObject(request, reply, storage, video.key, { known: video.known });
}

/**
 * A project's video and thumbnail (SPEC's: its sequence's first shot's clip and poster), streamed from storage to
 * its owner only (others get 404). The video is the clean master for pro users and the watermarked copy for free
 * users, never the master. A first shot whose clip is gone falls back to the project's own.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage; queue: Queue; media: MediaAssetsService }> = async (
  app,
  { db, storage, queue, media },
) => {
  app.addHook('preValidation', signedInOnly);

  app.get('/api/video-proxy/:id', { schema: { params: projectParamsSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const project = await findUserProject(db, user.id, request.params.id);
    if (!project?.videoKey) throw notFound(project ? 'The video is not ready yet' : PROJECT_NOT_FOUND);
    const first = firstShotAsset(project);
    const shotVideo = first === null ? null : await media.videoOf(user, first).catch(() => null);
    const video = shotVideo ?? (await videoToServe({ storage, queue }, user, { id: project.id, videoKey: project.videoKey }));
    return sendVideo(request, reply, storage, video);
  });

  app.get('/api/projects/:id/thumbnail', { schema: { params: projectParamsSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const project = await findUserProject(db, user.id, request.params.id);
    if (!project?.thumbnailKey) throw notFound(project ? 'No thumbnail yet' : PROJECT_NOT_FOUND);
    const first = firstShotAsset(project);
    const shotPoster = first === null ? null : await media.posterOf(user, first).catch(() => null);
    return sendStoredObject(request, reply, storage, shotPoster ?? project.thumbnailKey);
  });
};
