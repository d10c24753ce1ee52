import type { Config } from '../../config.ts';
import type { Payments } from './payments.ts';
import { createStripePayments } from './stripe-payments.ts';

export type { PaymentEvent, Payments } from './payments.ts';
export { InvalidWebhookError, PaymentsUnavailableError } from './payments.ts';

/** Stripe when it is configured; otherwise null, and the billing routes answer 503. */
export function createPayments(config: Pick<Config, 'stripe'>): Payments | null {
  return config.stripe ? createStripePayments(config.stripe) : null;
}
