import Stripe from 'stripe';
import { z } from 'zod';
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
      if (!config.webhookSecret) throw new InvalidWebhookError('signature', 'STRIPE_WEBHOOK_SECRET is not set');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        // The signature is checked first; anything after it (a body that is not JSON) is the payload's fault.
        const reason = error instanceof Stripe.errors.StripeSignatureVerificationError ? 'signature' : 'payload';
        throw new InvalidWebhookError(reason, error instanceof Error ? error.message : String(error));
      }
      return toPaymentEvent(event);
    },
  };
}

/**
 * What the product reads of each event type it acts on. The signature only proves who sent the body, not its
 * shape: an event of one of these types without its object is refused rather than trusted.
 */
const customerReference = z.union([z.string(), z.object({ id: z.string() })]).nullish();
const eventEnvelope = z.object({ id: z.string().min(1), type: z.string() });
const withCustomer = z.object({ customer: customerReference });
const checkoutSession = withCustomer.extend({ client_reference_id: z.string().nullish() });
const subscription = withCustomer.extend({ status: z.string() });

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidWebhookError('payload', z.prettifyError(result.error));
  return result.data;
}

/** The event's `data.object`, read as `schema`. */
const dataObject = <T>(schema: z.ZodType<T>, event: unknown): T => parsed(z.object({ data: z.object({ object: schema }) }), event).data.object;

function toPaymentEvent(event: unknown): PaymentEvent {
  const { id, type } = parsed(eventEnvelope, event);
  switch (type) {
    case 'checkout.session.completed': {
      const session = dataObject(checkoutSession, event);
      return { id, type: 'checkout-completed', userId: session.client_reference_id ?? null, customerId: idOf(session.customer) };
    }
    case 'customer.subscription.updated': {
      const { customer, status } = dataObject(subscription, event);
      const customerId = idOf(customer) ?? '';
      if (['active', 'trialing'].includes(status)) return { id, type: 'subscription-changed', customerId, active: true };
      if (['canceled', 'unpaid', 'incomplete_expired'].includes(status)) return { id, type: 'subscription-changed', customerId, active: false };
      // past_due, incomplete, paused: Stripe is still collecting; the plan stays as it is.
      return { id, type: 'ignored', providerType: `${type}:${status}` };
    }
    case 'customer.subscription.deleted':
      return { id, type: 'subscription-changed', customerId: idOf(dataObject(withCustomer, event).customer) ?? '', active: false };
    case 'invoice.payment_failed':
      return { id, type: 'payment-failed', customerId: idOf(dataObject(withCustomer, event).customer) };
    default:
      return { id, type: 'ignored', providerType: type };
  }
}
