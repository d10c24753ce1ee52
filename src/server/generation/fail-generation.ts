import { refundProjectCharge } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import { updateProject } from '../projects/projects-repository.ts';

/** What the user reads when a generation fails for a reason only the log can explain. */
export const GENERATION_FAILED = 'The video could not be made — please try again. Your credits were refunded.';

/**
 * Marks a generating project as failed with a reason the user sees (a plain sentence: the job's run
 * goes through withPlainFailures), and refunds what it was charged,
 * in one transaction. Only the call that moves the project out of 'generating' refunds, so a failure
 * recorded twice (a retried job, a crash) never pays back twice.
 */
export async function failGeneration(db: Db, projectId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failGenerationIn(trx, projectId, reason, now));
}

/** `failGeneration` inside the caller's transaction (deleting a project while it generates refunds this way). */
export async function failGenerationIn(trx: Db, projectId: string, reason: string, now: Date): Promise<boolean> {
  const moved = await updateProject(trx, projectId, { status: 'error', errorMessage: reason, updatedAt: now.toISOString() }, 'generating');
  if (moved) await refundProjectCharge(trx, projectId, 'generation', 'generation-refund', now);
  return moved;
}
