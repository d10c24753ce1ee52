import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type CreditReason =
  | 'signup-grant'
  | 'adjustment'
  | 'generation'
  | 'generation-refund'
  | 'image'
  | 'image-refund'
  | 'suggestion'
  | 'extension'
  | 'extension-refund'
  | 'shot'
  | 'shot-refund'
  | 'voiceover'
  | 'voiceover-refund'
  | 'transcription'
  | 'transcription-refund';

export interface CreditChange {
  userId: string;
  delta: number;
  reason: CreditReason;
  projectId?: string | null;
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

/**
 * Takes `cost` credits inside the caller's transaction. The update is conditional on the balance,
 * so concurrent spends can never take it below zero. Returns what was charged, or null (and changes
 * nothing) when the balance is short. Pro users pay nothing, but their usage is recorded with delta 0.
 */
export async function spendCredits(
  trx: Db,
  user: { id: string; subscription: 'free' | 'pro' },
  cost: number,
  reason: CreditReason,
  projectId: string | null,
  now: Date,
): Promise<number | null> {
  const charge = user.subscription === 'pro' ? 0 : cost;
  if (charge > 0) {
    const result = await trx
      .updateTable('users')
      .set({ credits: sql<number>`credits - ${charge}` })
      .where('id', '=', user.id)
      .where('credits', '>=', charge)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return null;
  }
  await recordCreditChange(trx, { userId: user.id, delta: -charge, reason, projectId }, now);
  return charge;
}

/** Gives `amount` credits back (a failed image, say) with its own ledger row. */
export async function refundCredits(
  trx: Db,
  userId: string,
  amount: number,
  reason: CreditReason,
  projectId: string | null,
  now: Date,
): Promise<void> {
  if (amount > 0) {
    await trx.updateTable('users').set({ credits: sql<number>`credits + ${amount}` }).where('id', '=', userId).execute();
  }
  await recordCreditChange(trx, { userId, delta: amount, reason, projectId }, now);
}

/** Gives back what a project was charged for `chargedReason`; call once, in the transaction that fails it. */
export async function refundProjectCharge(
  trx: Db,
  projectId: string,
  chargedReason: CreditReason,
  refundReason: CreditReason,
  now: Date,
): Promise<number> {
  const charges = await trx
    .selectFrom('creditLedger')
    .select(['userId', 'delta'])
    .where('projectId', '=', projectId)
    .where('reason', '=', chargedReason)
    .execute();
  let refunded = 0;
  for (const charge of charges) {
    const amount = -charge.delta;
    if (amount > 0) {
      await trx.updateTable('users').set({ credits: sql<number>`credits + ${amount}` }).where('id', '=', charge.userId).execute();
    }
    await recordCreditChange(trx, { userId: charge.userId, delta: amount, reason: refundReason, projectId }, now);
    refunded += amount;
  }
  return refunded;
}

/** Sets a balance outright (support, admin tools, tests) and records the difference in the ledger. */
export async function adjustCredits(db: Db, userId: string, credits: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { credits: current } = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ credits }).where('id', '=', userId).execute();
    await recordCreditChange(trx, { userId, delta: credits - current, reason: 'adjustment' }, now);
  });
}
