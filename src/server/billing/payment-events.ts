import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { PaymentEvent } from '../providers/payments/index.ts';
import { changeSubscriptionIn } from './subscriptions.ts';

/**
 * Records a Stripe event and applies it in one transaction. A handling that fails rolls the record
 * back with it, so Stripe's retry of the same event applies it; an event recorded before (its
 * handling committed) is a duplicate and changes nothing. On PostgreSQL a concurrent delivery of the
 * same event waits on the first one's uncommitted row, then sees it as a duplicate or takes over.
 */
export async function recordAndApplyPaymentEvent(db: Db, event: PaymentEvent, logger: Logger): Promise<'applied' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const first = await trx
      .insertInto('stripeEvents')
      .values({ id: event.id, type: event.type, receivedAt: now.toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (first.numInsertedOrUpdatedRows === 0n) return 'duplicate';
    await applyPaymentEvent(trx, event, logger, now);
    return 'applied';
  });
}

async function applyPaymentEvent(trx: Db, event: PaymentEvent, logger: Logger, now: Date): Promise<void> {
  switch (event.type) {
    case 'checkout-completed': {
      if (!event.userId) return void logger.warn({ eventId: event.id }, 'checkout without a client reference');
      if (event.customerId) await trx.updateTable('users').set({ stripeCustomerId: event.customerId }).where('id', '=', event.userId).execute();
      await changeSubscriptionIn(trx, { userId: event.userId, to: 'pro', source: 'stripe', changedBy: null }, now);
      return;
    }
    case 'subscription-changed': {
      const user = await trx.selectFrom('users').select('id').where('stripeCustomerId', '=', event.customerId).executeTakeFirst();
      if (!user) return void logger.warn({ eventId: event.id }, 'subscription event for an unknown customer');
      await changeSubscriptionIn(trx, { userId: user.id, to: event.active ? 'pro' : 'free', source: 'stripe', changedBy: null }, now);
      return;
    }
    case 'payment-failed':
      logger.warn({ eventId: event.id, customerId: event.customerId }, 'a subscription payment failed; Stripe retries and reports the outcome');
      return;
    case 'ignored':
      return;
  }
}
