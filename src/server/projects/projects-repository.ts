import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow, VideoProjectsTable } from '../db/schema.ts';
import { type MediaFacts, recordMediaFacts, syncProjectClip } from '../media/media-assets-repository.ts';

/** The columns a project summary (the dashboard's list) is made of: never the saved edit. */
const SUMMARY_COLUMNS = [
  'id',
  'title',
  'prompt',
  'status',
  'aspectRatio',
  'duration',
  'outputDuration',
  'firstMediaId',
  'videoKey',
  'thumbnailKey',
  'source',
  'targetDuration',
  'totalSegments',
  'currentSegment',
  'errorMessage',
  'createdAt',
] as const satisfies ReadonlyArray<keyof VideoProjectRow>;

export type ProjectSummaryRow = Pick<VideoProjectRow, (typeof SUMMARY_COLUMNS)[number]>;

/** Each user's projects, newest first, as the dashboard lists them; a user without any is absent. */
export async function listProjectsOfUsers(db: Db, userIds: string[]): Promise<Map<string, ProjectSummaryRow[]>> {
  const rows = await db
    .selectFrom('videoProjects')
    .select([...SUMMARY_COLUMNS, 'userId'])
    .where('userId', 'in', userIds)
    .orderBy('createdAt', 'desc')
    .execute();
  const byUser = new Map<string, ProjectSummaryRow[]>();
  for (const { userId, ...row } of rows) {
    const projects = byUser.get(userId);
    if (projects) projects.push(row);
    else byUser.set(userId, [row]);
  }
  return byUser;
}

/** A project only its owner may see; others get undefined (and so a 404). */
export async function findUserProject(db: Db, userId: string, projectId: string): Promise<VideoProjectRow | undefined> {
  return db
    .selectFrom('videoProjects')
    .selectAll()
    .where('id', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findProjects(db: Db, projectIds: string[]): Promise<Map<string, VideoProjectRow>> {
  const rows = await db.selectFrom('videoProjects').selectAll().where('id', 'in', projectIds).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findProject(db: Db, projectId: string): Promise<VideoProjectRow | undefined> {
  return db.selectFrom('videoProjects').selectAll().where('id', '=', projectId).executeTakeFirst();
}

/** How many shots the server has appended to the project's saved edit (shot-placement.ts); undefined when it is gone. */
export async function findPlacedShots(db: Db, projectId: string): Promise<number | undefined> {
  return (await db.selectFrom('videoProjects').select('placedShots').where('id', '=', projectId).executeTakeFirst())?.placedShots;
}

/** Runs `write` in the caller's transaction, or in one of its own. */
function inTransaction<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** A new project and the asset of its own clip (media-assets-repository.ts), in one transaction. */
export async function insertProject(db: Db, project: Insertable<VideoProjectsTable>): Promise<VideoProjectRow> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('videoProjects').values(project).returningAll().executeTakeFirstOrThrow();
    await syncProjectClip(trx, row.id);
    return row;
  });
}

/** The project's columns its own clip's asset is written from (syncProjectClip). */
const CLIP_COLUMNS = ['status', 'videoKey', 'thumbnailKey', 'duration', 'errorMessage'] as const;

/**
 * Changes a project; a change to its clip brings the clip's asset in step in the same transaction (an autosave
 * or a progress tick writes the project alone), with `clipFacts`, the probe of a new clip, recorded on it too: an
 * editor opened at "ready" reads both. With `onlyWhileStatus`, only while it has that status.
 */
export async function updateProject(
  db: Db,
  projectId: string,
  changes: Updateable<VideoProjectsTable>,
  onlyWhileStatus?: VideoProjectRow['status'],
  clipFacts?: MediaFacts,
): Promise<boolean> {
  const update = async (trx: Db) => {
    let query = trx.updateTable('videoProjects').set(changes).where('id', '=', projectId);
    if (onlyWhileStatus) query = query.where('status', '=', onlyWhileStatus);
    return (await query.executeTakeFirst()).numUpdatedRows > 0n;
  };
  if (!clipFacts && !CLIP_COLUMNS.some((column) => column in changes)) return update(db);
  return inTransaction(db, async (trx) => {
    const updated = await update(trx);
    if (!updated) return false;
    await syncProjectClip(trx, projectId);
    // The project's own clip is the asset with the project's id.
    if (clipFacts) await recordMediaFacts(trx, projectId, clipFacts);
    return true;
  });
}

export async function deleteProjectRow(db: Db, projectId: string): Promise<void> {
  await db.deleteFrom('videoProjects').where('id', '=', projectId).execute();
}

/**
 * Projects whose first video is still being made (an extension also says 'generating', but has a video): by a
 * generation, or from an upload (source 'upload'), each by its own job.
 */
export async function listGeneratingProjects(db: Db): Promise<Array<{ id: string; source: string }>> {
  return db
    .selectFrom('videoProjects')
    .select(['id', 'source'])
    .where('status', '=', 'generating')
    .where('videoKey', 'is', null)
    .execute();
}

/** Projects being extended, with the extension's job id as recorded when it was charged. */
export async function listPendingExtensions(db: Db) {
  return db
    .selectFrom('videoProjects')
    .select(['id', 'extensionJobId'])
    .where('status', '=', 'generating')
    .where('videoKey', 'is not', null)
    .execute();
}
