import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export type CreditReason = 'signup-grant';

export interface CreditChange {
  userId: string;
  delta: number;
  reason: CreditReason;
  projectId?: string;
}

/**
 * Writes one ledger row. Call it inside the transaction that changes the balance, so the ledger's
 * sum always equals the user's credits (DESIGN §5).
 */
export async function recordCreditChange(db: Db, change: CreditChange, now: Date): Promise<void> {
  await db
    .insertInto('creditLedger')
    .values({
      id: randomUUID(),
      userId: change.userId,
      delta: change.delta,
      reason: change.reason,
      projectId: change.projectId ?? null,
      createdAt: now.toISOString(),
    })
    .execute();
}
