import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExportJobRow, ExportJobsTable } from '../db/schema.ts';

export async function insertExportJob(
  db: Db,
  job: { id: string; projectId: string; userId: string; settings: string; createdAt: string },
): Promise<void> {
  await db.insertInto('exportJobs').values({ ...job, outputUrl: null, outputKey: null, errorMessage: null, completedAt: null }).execute();
}

export async function findExportJob(db: Db, id: string): Promise<ExportJobRow | undefined> {
  return db.selectFrom('exportJobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserExportJob(db: Db, userId: string, id: string): Promise<ExportJobRow | undefined> {
  return db.selectFrom('exportJobs').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** Updates a job that is still pending; false once it has finished (or is gone). */
export async function updatePendingExportJob(db: Db, id: string, changes: Updateable<ExportJobsTable>): Promise<boolean> {
  const result = await db
    .updateTable('exportJobs')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listProjectExportKeys(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.selectFrom('exportJobs').select('outputKey').where('projectId', '=', projectId).execute();
  return rows.map((row) => row.outputKey).filter((key): key is string => Boolean(key));
}
