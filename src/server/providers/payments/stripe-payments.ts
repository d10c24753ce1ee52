import Stripe from 'stripe';
import { BILLING_INTERVALS, type BillingInterval } from '../../../shared/schemas/billing.ts';
import type { Config } from '../../config.ts';
import { InvalidWebhookError, type PaymentEvent, type Payments, PaymentsUnavailableError } from './payments.ts';

type StripeConfig = NonNullable<Config['stripe']>;

function clientOptions(baseUrl: string | undefined): Stripe.StripeConfig {
  if (!baseUrl) return { maxNetworkRetries: 1 };
  const url = new URL(baseUrl);
  return { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' | 'https', maxNetworkRetries: 0 };
}

const isBillingInterval = (value: string): value is BillingInterval => (BILLING_INTERVALS as readonly string[]).includes(value);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * A session call to Stripe. Whatever goes wrong (no connection, the connection dropped, Stripe's 5xx, a 4xx for
 * a price or customer it does not know) is Stripe's or the configuration's, not the user's: the caller gets
 * PaymentsUnavailableError, with the SDK's error as its cause for the log.
 */
async function sessionCall(what: string, call: () => Promise<string | null>): Promise<string> {
  let url: string | null;
  try {
    url = await call();
  } catch (error) {
    throw new PaymentsUnavailableError(`Stripe could not create a ${what} session`, { cause: error });
  }
  if (!url) throw new PaymentsUnavailableError(`Stripe returned a ${what} session without a URL`);
  return url;
}

export function createStripePayments(config: StripeConfig): Payments {
  const stripe = new Stripe(config.secretKey, clientOptions(config.baseUrl));
  return {
    createCheckoutSession: ({ userId, email, successUrl, cancelUrl }) =>
      sessionCall('checkout', async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: config.priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: userId,
          ...(email ? { customer_email: email } : {}),
        });
        return session.url;
      }),
    createPortalSession: ({ customerId, returnUrl }) =>
      sessionCall('billing portal', async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url),
    async retrievePlanPrice({ timeoutMs }) {
      const price = await stripe.prices.retrieve(config.priceId, {}, { timeout: timeoutMs, maxNetworkRetries: 0 });
      if (price.unit_amount === null || !price.recurring) return null;
      const { interval, interval_count: intervalCount } = price.recurring;
      if (!isBillingInterval(interval)) return null;
      return { unitAmount: price.unit_amount, currency: price.currency, interval, intervalCount };
    },
    parseWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new InvalidWebhookError('STRIPE_WEBHOOK_SECRET is not set');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return { id: event.id, type: 'checkout-completed', userId: session.client_reference_id, customerId: idOf(session.customer) };
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer) ?? '';
      if (['active', 'trialing'].includes(subscription.status)) return { id: event.id, type: 'subscription-changed', customerId, active: true };
      if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status)) {
        return { id: event.id, type: 'subscription-changed', customerId, active: false };
      }
      // past_due, incomplete, paused: Stripe is still collecting; the plan stays as it is.
      return { id: event.id, type: 'ignored', providerType: `${event.type}:${subscription.status}` };
    }
    case 'customer.subscription.deleted':
      return { id: event.id, type: 'subscription-changed', customerId: idOf(event.data.object.customer) ?? '', active: false };
    case 'invoice.payment_failed':
      return { id: event.id, type: 'payment-failed', customerId: idOf(event.data.object.customer) };
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}
