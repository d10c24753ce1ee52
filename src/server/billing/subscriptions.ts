import { randomUUID } from 'node:crypto';
import type { Subscription } from '../../shared/constants.ts';
import type { Db } from '../db/database.ts';

/**
 * Moves a user to a plan and records who did it. Admins and Stripe go through this one function,
 * so a pro user is the same whichever way they became one. Returns false for an unknown user.
 */
export async function changeSubscription(
  db: Db,
  change: { userId: string; to: Subscription; source: 'admin' | 'stripe'; changedBy: string | null },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
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
  });
}
