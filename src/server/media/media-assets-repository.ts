import { type Insertable, type Updateable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaAssetRow, MediaAssetsTable } from '../db/schema.ts';
import type { MediaProbe } from '../render/probe-media.ts';

/**
 * Writes the asset of a project's own clip (id = the project's id) from the project's row, in the caller's
 * transaction: status, master, poster, length and failure as the project has them. Only the projects
 * repository calls it, after each write of those columns (updateProject's CLIP_COLUMNS), so the two never disagree.
 */
export async function syncProjectClip(db: Db, projectId: string): Promise<void> {
  await db
    .insertInto('mediaAssets')
    .columns(['id', 'projectId', 'userId', 'kind', 'origin', 'status', 'errorMessage', 'fileKey', 'posterKey', 'duration', 'prompt', 'createdAt', 'updatedAt'])
    .expression((eb) =>
      eb
        .selectFrom('videoProjects')
        .select((s) => [
          'id',
          s.ref('id').as('projectId'),
          'userId',
          sql.lit('video').as('kind'),
          s.case().when('source', '=', 'upload').then(sql.lit('uploaded')).else(sql.lit('generated')).end().as('origin'),
          s
            .case()
            .when('videoKey', 'is not', null)
            .then(sql.lit('ready'))
            .when('status', '=', 'error')
            .then(sql.lit('error'))
            .else(sql.lit('generating'))
            .end()
            .as('status'),
          s.case().when('videoKey', 'is', null).then(s.ref('errorMessage')).end().as('errorMessage'),
          s.ref('videoKey').as('fileKey'),
          s.ref('thumbnailKey').as('posterKey'),
          'duration',
          s.case().when('source', '=', 'upload').then(s.lit(null)).else(s.ref('prompt')).end().as('prompt'),
          'createdAt',
          'updatedAt',
        ])
        .where('id', '=', projectId),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        errorMessage: eb.ref('excluded.errorMessage'),
        fileKey: eb.ref('excluded.fileKey'),
        posterKey: eb.ref('excluded.posterKey'),
        duration: eb.ref('excluded.duration'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}

/** What an asset's row keeps of a probe of its master. */
export type MediaFacts = Pick<MediaProbe, 'width' | 'height' | 'frameRate' | 'audioCodec'>;

/** Records what a probe of the asset's master found (a job that has the file calls it). */
export async function recordMediaFacts(db: Db, mediaId: string, probe: MediaFacts): Promise<void> {
  await db
    .updateTable('mediaAssets')
    .set({ width: probe.width, height: probe.height, fps: probe.frameRate || null, hasAudio: probe.audioCodec !== null ? 1 : 0 })
    .where('id', '=', mediaId)
    .execute();
}

export async function insertMediaAsset(db: Db, asset: Insertable<MediaAssetsTable>): Promise<MediaAssetRow> {
  return db.insertInto('mediaAssets').values(asset).returningAll().executeTakeFirstOrThrow();
}

/** Changes an asset; with `onlyWhileStatus`, only while it still has that status (false when it did not). */
export async function updateMediaAsset(
  db: Db,
  mediaId: string,
  changes: Updateable<MediaAssetsTable>,
  onlyWhileStatus?: MediaAssetRow['status'],
): Promise<boolean> {
  let query = db.updateTable('mediaAssets').set(changes).where('id', '=', mediaId);
  if (onlyWhileStatus) query = query.where('status', '=', onlyWhileStatus);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findMediaAsset(db: Db, mediaId: string): Promise<MediaAssetRow | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('id', '=', mediaId).executeTakeFirst();
}

/** An asset only its owner may see; others get undefined (and so a 404). */
export async function findUserMediaAsset(db: Db, userId: string, mediaId: string): Promise<MediaAssetRow | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('id', '=', mediaId).where('userId', '=', userId).executeTakeFirst();
}

/** A project's media in the order they were made, its own clip first. */
export async function listProjectMedia(db: Db, projectId: string): Promise<MediaAssetRow[]> {
  return db.selectFrom('mediaAssets').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();
}

/** A project's ready clips the server appended to its edit after its `since`th placement, in the order placed. */
export async function listPlacedSince(db: Db, projectId: string, since: number): Promise<Array<Pick<MediaAssetRow, 'id' | 'duration' | 'sequenceRequest'>>> {
  return db
    .selectFrom('mediaAssets')
    .select(['id', 'duration', 'sequenceRequest'])
    .where('projectId', '=', projectId)
    .where('status', '=', 'ready')
    .where('placedNumber', '>', since)
    .orderBy('placedNumber')
    .execute();
}

/** Assets being made by a job of their own (the project's own clip, whose id is the project's, has the project's). */
export async function listGeneratingAssets(db: Db): Promise<Array<Pick<MediaAssetRow, 'id' | 'projectId' | 'origin'>>> {
  return db
    .selectFrom('mediaAssets')
    .select(['id', 'projectId', 'origin'])
    .where('status', '=', 'generating')
    .where((eb) => eb('id', '!=', eb.ref('projectId')))
    .execute();
}

/** How many shots each of these projects still has being made (its own clip not counted), for the dashboard's badge. */
export async function countGeneratingShots(db: Db, projectIds: string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mediaAssets')
    .select((eb) => ['projectId', eb.fn.countAll<number | string | bigint>().as('count')])
    .where('projectId', 'in', projectIds)
    .where('status', '=', 'generating')
    .where((eb) => eb('id', '!=', eb.ref('projectId')))
    .groupBy('projectId')
    .execute();
  return new Map(rows.map((row) => [row.projectId, Number(row.count)]));
}

/** How many of a project's assets are ready or being made (MAX_PROJECT_MEDIA bounds them; failed ones hold no files). */
export async function countLiveProjectMedia(db: Db, projectId: string): Promise<number> {
  const { count } = await db
    .selectFrom('mediaAssets')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('projectId', '=', projectId)
    .where('status', '!=', 'error')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A user's ready videos outside one project, newest first, each with its project's title. */
export async function listUserVideosElsewhere(
  db: Db,
  userId: string,
  exceptProjectId: string,
  limit: number,
): Promise<Array<MediaAssetRow & { projectTitle: string }>> {
  return db
    .selectFrom('mediaAssets')
    .innerJoin('videoProjects', 'videoProjects.id', 'mediaAssets.projectId')
    .selectAll('mediaAssets')
    .select('videoProjects.title as projectTitle')
    .where('mediaAssets.userId', '=', userId)
    .where('mediaAssets.projectId', '!=', exceptProjectId)
    .where('mediaAssets.kind', '=', 'video')
    .where('mediaAssets.status', '=', 'ready')
    .where('mediaAssets.fileKey', 'is not', null)
    .orderBy('mediaAssets.createdAt', 'desc')
    .orderBy('mediaAssets.id')
    .limit(limit)
    .execute();
}
