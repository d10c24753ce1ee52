import type { Db } from '../db/database.ts';

export async function findOrCreateSegment(db: Db, projectId: string, segmentIndex: number, now: Date) {
  await db
    .insertInto('generationSegments')
    .values({ projectId, segmentIndex, operationName: null, storageKey: null, createdAt: now.toISOString(), completedAt: null })
    .onConflict((oc) => oc.columns(['projectId', 'segmentIndex']).doNothing())
    .execute();
  return db
    .selectFrom('generationSegments')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('segmentIndex', '=', segmentIndex)
    .executeTakeFirstOrThrow();
}

export async function saveSegmentOperation(db: Db, projectId: string, segmentIndex: number, operationName: string) {
  await db
    .updateTable('generationSegments')
    .set({ operationName })
    .where('projectId', '=', projectId)
    .where('segmentIndex', '=', segmentIndex)
    .execute();
}

export async function completeSegment(db: Db, projectId: string, segmentIndex: number, storageKey: string, now: Date) {
  await db
    .updateTable('generationSegments')
    .set({ storageKey, completedAt: now.toISOString() })
    .where('projectId', '=', projectId)
    .where('segmentIndex', '=', segmentIndex)
    .execute();
}

/** Segments are only needed until the joined video is stored. */
export async function deleteSegments(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('generationSegments')
    .where('projectId', '=', projectId)
    .returning('storageKey')
    .execute();
  return rows.map((row) => row.storageKey).filter((key): key is string => Boolean(key));
}
