import { randomUUID } from 'node:crypto';
import type { Subscription } from '../../shared/constants.ts';
import type { Db } from '../db/database.ts';

export interface SubscriptionChange {
  userId: string;
  to: Subscription;
  source: 'admin' | 'stripe';
  changedBy: string | null;
}

/**
 * Moves a user to a plan and records who did it. Admins and Stripe go through this one function,
 * so a pro user is the same whichever way they became one. Returns false for an unknown user.
 */
export async function changeSubscription(db: Db, change: SubscriptionChange, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => changeSubscriptionIn(trx, change, now));
}

/** changeSubscription inside a transaction the caller holds, so the change commits or rolls back with its other writes. */
export async function changeSubscriptionIn(trx: Db, change: SubscriptionChange, now: Date): Promise<boolean> {
  const user = await trx.selectFrom('users').select('subscription').where('id', '=', change.userId).executeTakeFirst();
  if (!user) return false;
  if (user.subscription === change.to) return true;
  await trx.updateTable('users').set({ subscription: change.to }).where('id', '=', change.userId).execute();
  await trx
    .insertInto('subscriptionChanges')
    .values({
      id: randomUUID(),
      userId: change.userId,
      changedBy: change.changedBy,
      source: change.source,
      fromSubscription: user.subscription,
      toSubscription: change.to,
      createdAt: now.toISOString(),
    })
    .execute();
  return true;
}
