import type { Db } from '../db/database.ts';
import { isRunning, thisProcess } from '../process-liveness.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { deleteUploadRows, listAbandonedUploads, listCheckingUploadsOnHost, releaseUpload } from './uploads-repository.ts';

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

/**
 * At start-up, before this process claims anything: gives back the uploads that processes on this machine were
 * checking when they were killed (SIGKILL, OOM, power loss skip complete-upload's own release). Their owners
 * are no longer refused with 429 as "already adding a track" until the claim's 15-minute deadline, and their
 * tickets work again (the failure was ours, not the file's). A claim in this process's pid is a previous life's;
 * one whose process still runs is left. Claims made on another machine are left to their deadline: only that
 * machine can tell whether their process lives. Returns how many were given back.
 */
export async function releaseStoppedClaims(db: Db): Promise<number> {
  const self = thisProcess();
  let released = 0;
  for (const { id, claimPid } of await listCheckingUploadsOnHost(db, self.host)) {
    if (claimPid !== null && claimPid !== self.pid && isRunning(claimPid)) continue;
    if (await releaseUpload(db, id)) released += 1;
  }
  return released;
}
