import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CaptionJobRow, CaptionJobsTable } from '../db/schema.ts';

export async function insertCaptionJob(db: Db, job: Insertable<CaptionJobsTable>): Promise<CaptionJobRow> {
  return db.insertInto('captionJobs').values(job).returningAll().executeTakeFirstOrThrow();
}

export async function findCaptionJob(db: Db, id: string): Promise<CaptionJobRow | undefined> {
  return db.selectFrom('captionJobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A caption job only its owner may see; others get undefined (and so a 404). */
export async function findUserCaptionJob(db: Db, userId: string, id: string): Promise<CaptionJobRow | undefined> {
  return db.selectFrom('captionJobs').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** Changes a caption job while its status is one of `whileStatus`; false when it was not. */
export async function updateCaptionJob(
  db: Db,
  id: string,
  changes: Updateable<CaptionJobsTable>,
  whileStatus: ReadonlyArray<CaptionJobRow['status']>,
): Promise<boolean> {
  const result = await db.updateTable('captionJobs').set(changes).where('id', '=', id).where('status', 'in', [...whileStatus]).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Caption jobs queued or running (a project's, or every project's): those a job of the queue still works on. */
export async function listUnfinishedCaptionJobIds(db: Db, projectId?: string): Promise<string[]> {
  let query = db.selectFrom('captionJobs').select('id').where('status', 'in', ['queued', 'running']);
  if (projectId !== undefined) query = query.where('projectId', '=', projectId);
  return (await query.execute()).map((row) => row.id);
}
