import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type MusicTrack,
  musicTrackListQuerySchema,
  musicTrackListSchema,
  musicTrackParamsSchema,
} from '../../shared/schemas/music.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { musicTrackKey } from './music-keys.ts';
import { findPlayableTrack, listMusicTracks } from './music-repository.ts';

const TRACK_NOT_FOUND = 'Music track not found';
/** Library tracks never change under their id (a changed composition gets a new id), so players may cache them. */
const LIBRARY_CACHE = 'private, max-age=86400, immutable';

function toMusicTrack(row: Awaited<ReturnType<typeof listMusicTracks>>[number]): MusicTrack {
  return { ...row, isCustom: row.isCustom === 1 ? 1 : 0 };
}

/** The music library and the caller's own tracks (SPEC §3 MusicTrack), each streamed to whoever may play it. */
export const musicRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/music-tracks',
    { schema: { querystring: musicTrackListQuerySchema, response: { 200: musicTrackListSchema } } },
    async (request) => ({ tracks: (await listMusicTracks(db, requireUser(request).id, request.query.genre)).map(toMusicTrack) }),
  );

  app.get('/api/music-tracks/:id/audio', { schema: { params: musicTrackParamsSchema } }, async (request, reply) => {
    const track = await findPlayableTrack(db, requireUser(request).id, request.params.id);
    if (!track) throw notFound(TRACK_NOT_FOUND);
    return sendStoredObject(request, reply, storage, musicTrackKey(track), track.userId === null ? { cache: LIBRARY_CACHE } : {});
  });
};
