import type { Db } from '../db/database.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { deleteUploadRows, listAbandonedUploads } from './uploads-repository.ts';

/** complete-upload's checks answer within a minute; one still 'checking' this long after its ticket expired died. */
const CHECKING_GRACE_MS = 15 * 60 * 1000;
const BATCH = 100;

/**
 * Deletes the files and rows of uploads nobody will finish (listAbandonedUploads): a PUT never completed, an
 * expired ticket, a server killed during complete-upload or before its job cleaned up. Files go first, so a
 * failure leaves the row for the next sweep. Returns how many were removed.
 */
export async function sweepAbandonedUploads(db: Db, storage: Storage, now: Date): Promise<number> {
  const checkingBefore = new Date(now.getTime() - CHECKING_GRACE_MS).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await listAbandonedUploads(db, now.toISOString(), checkingBefore, BATCH);
    if (batch.length === 0) return removed;
    await storage.delete(batch.map((upload) => upload.storageKey));
    await deleteUploadRows(db, batch.map((upload) => upload.id));
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}
