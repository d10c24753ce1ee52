import type { Db } from '../db/database.ts';

export async function insertUpload(
  db: Db,
  upload: { id: string; userId: string; tokenHash: string; storageKey: string; expiresAt: string; createdAt: string },
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

/** Moves an upload from one status to the next; false when another request got there first. */
export async function advanceUpload(
  db: Db,
  id: string,
  from: 'pending' | 'uploaded',
  to: 'uploaded' | 'completed',
  details: { sizeBytes?: number; contentType?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ status: to, ...details })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
