import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type MusicTrack,
  completeMusicUploadRequestSchema,
  musicTrackListQuerySchema,
  musicTrackListSchema,
  musicTrackParamsSchema,
  musicTrackSchema,
} from '../../shared/schemas/music.ts';
import { uploadUrlResponseSchema } from '../../shared/schemas/project.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { musicTrackKey } from './music-keys.ts';
import { withPreparingLibraryTracks } from './library/preparing-tracks.ts';
import type { TrackDefinition } from './library/track-definition.ts';
import { findPlayableTrack, listMusicTracks } from './music-repository.ts';
import { type MusicUploads, TRACK_NOT_FOUND } from './music-uploads.ts';
import { MUSIC_PROCESSING_FAILED_MESSAGE } from './process-music-upload-job.ts';
/** Library tracks never change under their id (a changed composition gets a new id), so players may cache them. */
const LIBRARY_CACHE = 'private, max-age=86400, immutable';

function toMusicTrack({ status, errorMessage, ...row }: Awaited<ReturnType<typeof listMusicTracks>>[number]): MusicTrack {
  return {
    ...row,
    isCustom: row.isCustom === 1 ? 1 : 0,
    ...(status === 'processing' ? { processing: true as const } : {}),
    ...(status === 'failed' ? { errorMessage: errorMessage ?? MUSIC_PROCESSING_FAILED_MESSAGE } : {}),
  };
}

/**
 * The music library and the caller's own tracks (SPEC §3 MusicTrack), each streamed to whoever may play it;
 * a user's own tracks are uploaded (ticket, PUT to the upload path, complete, then listed as processing until
 * their job has made them ready or refused them) and deleted here.
 */
export const musicRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
  musicUploads: MusicUploads;
  /** The library start-up renders, when it does: the list shows its missing tracks as preparing meanwhile. */
  libraryBeingRendered: readonly TrackDefinition[] | null;
}> = async (app, { db, storage, musicUploads, libraryBeingRendered }) => {
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/music-tracks',
    { schema: { querystring: musicTrackListQuerySchema, response: { 200: musicTrackListSchema } } },
    async (request) => {
      const tracks = (await listMusicTracks(db, requireUser(request).id, request.query.genre)).map(toMusicTrack);
      return { tracks: libraryBeingRendered ? withPreparingLibraryTracks(tracks, libraryBeingRendered, request.query.genre, new Date()) : tracks };
    },
  );

  app.get('/api/music-tracks/:id/audio', { schema: { params: musicTrackParamsSchema } }, async (request, reply) => {
    const track = await findPlayableTrack(db, requireUser(request).id, request.params.id);
    if (!track) throw notFound(TRACK_NOT_FOUND);
    return sendStoredObject(request, reply, storage, musicTrackKey(track), track.userId === null ? { cache: LIBRARY_CACHE } : {});
  });

  app.post(
    '/api/music-tracks/upload',
    { config: { rateLimit: rateLimits.upload }, schema: { response: { 200: uploadUrlResponseSchema } } },
    async (request) => ({ uploadURL: await musicUploads.issue(requireUser(request)) }),
  );

  app.post(
    '/api/music-tracks/complete-upload',
    { config: { rateLimit: rateLimits.upload }, schema: { body: completeMusicUploadRequestSchema, response: { 201: musicTrackSchema } } },
    async (request, reply) => reply.status(201).send(toMusicTrack(await musicUploads.complete(requireUser(request), request.body))),
  );

  app.delete('/api/music-tracks/:id', { schema: { params: musicTrackParamsSchema } }, async (request, reply) => {
    await musicUploads.remove(requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
