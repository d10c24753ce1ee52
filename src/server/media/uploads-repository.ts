import type { Db } from '../db/database.ts';
import { syncProjectClip } from './media-assets-repository.ts';
import type { UploadKind, UploadStatus } from '../db/schema.ts';

export async function insertUpload(
  db: Db,
  upload: { id: string; userId: string; tokenHash: string; storageKey: string; kind?: UploadKind; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

export async function findUserUpload(db: Db, userId: string, tokenHash: string) {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * The user's uploads of `kind` in flight: being checked with a deadline after `now` (those past it died with
 * their request), or being processed by their job.
 */
export async function countUploadsInFlight(db: Db, userId: string, kind: UploadKind, now: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'checking'), eb('expiresAt', '>', now)]), eb('status', '=', 'processing')]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The uploads being checked by processes on `host`, with the pid of each one's process. */
export async function listCheckingUploadsOnHost(db: Db, host: string) {
  return db.selectFrom('uploads').select(['id', 'claimPid']).where('status', '=', 'checking').where('claimHost', '=', host).execute();
}

/** The upload a project is being processed from, if it is still there. */
export async function findProjectUpload(db: Db, projectId: string) {
  return db.selectFrom('uploads').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

/** The upload a media asset is being processed from, if it is still there. */
export async function findMediaUpload(db: Db, mediaId: string) {
  return db.selectFrom('uploads').selectAll().where('mediaId', '=', mediaId).executeTakeFirst();
}

/** The upload a music track is being processed from, if it is still there. */
export async function findMusicTrackUpload(db: Db, musicTrackId: string) {
  return db.selectFrom('uploads').selectAll().where('musicTrackId', '=', musicTrackId).executeTakeFirst();
}

/**
 * Records why an upload's processing failed, on its project, if that project is still being processed (an
 * uploaded video being extended also says 'generating', but has a video already). False when it was not.
 */
export async function failUploadProject(db: Db, projectId: string, message: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('videoProjects')
      .set({ status: 'error', errorMessage: message, updatedAt: at })
      .where('id', '=', projectId)
      .where('status', '=', 'generating')
      .where('videoKey', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await syncProjectClip(trx, projectId);
    return true;
  });
}

/** Moves an upload from one status to the next; false when another request got there first. */
export async function advanceUpload(
  db: Db,
  id: string,
  from: UploadStatus,
  to: UploadStatus,
  details: {
    sizeBytes?: number;
    contentType?: string;
    projectId?: string;
    musicTrackId?: string;
    mediaId?: string;
    expiresAt?: string;
    claimHost?: string | null;
    claimPid?: number | null;
  } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ status: to, ...details })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A claimed upload back to 'uploaded', its ticket usable again; false when it was not being checked. */
export function releaseUpload(db: Db, id: string): Promise<boolean> {
  return advanceUpload(db, id, 'checking', 'uploaded', { claimHost: null, claimPid: null });
}

export async function deleteUploadRows(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/**
 * Uploads nobody will finish, oldest first: tickets expired before complete-upload accepted them, checks whose
 * request died (`checkingBefore`: long after any request would have answered), and processing whose project,
 * media asset or music track is gone or no longer processing. Each of these stays dead, so several processes may sweep them at once.
 */
export async function listAbandonedUploads(db: Db, now: string, checkingBefore: string, limit: number) {
  return db
    .selectFrom('uploads')
    .leftJoin('videoProjects', 'videoProjects.id', 'uploads.projectId')
    .leftJoin('musicTracks', 'musicTracks.id', 'uploads.musicTrackId')
    .leftJoin('mediaAssets', 'mediaAssets.id', 'uploads.mediaId')
    .select(['uploads.id', 'uploads.storageKey'])
    .where((eb) =>
      eb.or([
        eb.and([eb('uploads.status', 'in', ['pending', 'uploaded', 'completed']), eb('uploads.expiresAt', '<=', now)]),
        eb.and([eb('uploads.status', '=', 'checking'), eb('uploads.expiresAt', '<=', checkingBefore)]),
        eb.and([
          eb('uploads.status', '=', 'processing'),
          eb('uploads.kind', '=', 'video'),
          eb('uploads.mediaId', 'is', null),
          eb.or([eb('videoProjects.id', 'is', null), eb('videoProjects.status', '!=', 'generating')]),
        ]),
        eb.and([
          eb('uploads.status', '=', 'processing'),
          eb('uploads.mediaId', 'is not', null),
          eb.or([eb('mediaAssets.id', 'is', null), eb('mediaAssets.status', '!=', 'generating')]),
        ]),
        eb.and([
          eb('uploads.status', '=', 'processing'),
          eb('uploads.kind', '=', 'music'),
          eb.or([eb('musicTracks.id', 'is', null), eb('musicTracks.status', '!=', 'processing')]),
        ]),
      ]),
    )
    .orderBy('uploads.createdAt')
    .limit(limit)
    .execute();
}
