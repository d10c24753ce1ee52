import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExportJobRow, ExportJobsTable } from '../db/schema.ts';

/** The queue's id for the job that renders export `id`. */
export function exportJobId(id: string): string {
  return `export-video:${id}`;
}

export async function insertExportJob(
  db: Db,
  job: { id: string; projectId: string; userId: string; settings: string; editorState: string | null; createdAt: string },
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

/** Every pending export with what decides its lane (export-lane.ts): its settings, its edit, its project's length. */
export async function listPendingExports(db: Db): Promise<Array<{ id: string; settings: string; editorState: string | null; projectId: string; projectDuration: number }>> {
  return db
    .selectFrom('exportJobs')
    .innerJoin('videoProjects', 'videoProjects.id', 'exportJobs.projectId')
    .select(['exportJobs.id', 'exportJobs.settings', 'exportJobs.editorState', 'exportJobs.projectId', 'videoProjects.duration as projectDuration'])
    .where('exportJobs.status', '=', 'pending')
    .execute();
}

export async function listActiveProjectExportIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.selectFrom('exportJobs').select('id').where('projectId', '=', projectId).where('status', '=', 'pending').execute();
  return rows.map((row) => row.id);
}

/** The project's export of exactly this edit with exactly these settings that is still pending, if any. */
export async function findPendingExport(db: Db, projectId: string, settings: string, editorState: string | null): Promise<string | undefined> {
  const row = await db
    .selectFrom('exportJobs')
    .select('id')
    .where('projectId', '=', projectId)
    .where('settings', '=', settings)
    .where('editorState', editorState === null ? 'is' : '=', editorState)
    .where('status', '=', 'pending')
    .orderBy('createdAt')
    .executeTakeFirst();
  return row?.id;
}
