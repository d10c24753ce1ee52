import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutSessionResponseSchema } from '../../shared/schemas/admin.ts';
import { type PlanPrice, plansResponseSchema } from '../../shared/schemas/billing.ts';
import { requireUser } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { HttpError, badRequest } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { InvalidWebhookError, type PaymentEvent, type Payments, PaymentsUnavailableError } from '../providers/payments/index.ts';
import { recordAndApplyPaymentEvent } from './payment-events.ts';
import { createPlanPrice } from './plan-price.ts';

const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';
const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a few minutes.';
const SIGNATURE_FAILED = 'Webhook signature verification failed';
const MALFORMED_EVENT = 'Webhook event is malformed: its data does not match its type';

interface BillingOptions {
  db: Db;
  payments: Payments | null;
  publicUrl: string;
  logger: Logger;
  /** PRO_PRICE from the configuration. */
  proPrice: PlanPrice | null;
}

function configured(payments: Payments | null): Payments {
  if (!payments) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  return payments;
}

/** A session Stripe could not make: 503 with a plain message; what Stripe said goes to the log only. */
async function stripeSession(logger: Logger, create: () => Promise<string>): Promise<{ url: string }> {
  try {
    return { url: await create() };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    logger.warn({ err: error }, 'Stripe is unavailable');
    throw new HttpError(503, PAYMENTS_UNAVAILABLE);
  }
}

export const billingRoutes: FastifyPluginAsyncZod<BillingOptions> = async (app, options) => {
  const { payments, publicUrl } = options;
  const planPrice = createPlanPrice({ payments, configured: options.proPrice, logger: options.logger });

  /** Public: the pricing page works signed out. */
  app.get('/api/billing/plans', { schema: { response: { 200: plansResponseSchema } } }, async () => ({
    pro: { price: await planPrice.current() },
  }));

  app.post('/api/create-checkout-session', { schema: { response: { 200: checkoutSessionResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    const stripe = configured(payments);
    return stripeSession(request.log, () =>
      stripe.createCheckoutSession({
        userId: user.id,
        email: user.email,
        successUrl: `${publicUrl}/dashboard?checkout=success`,
        cancelUrl: `${publicUrl}/dashboard?checkout=cancelled`,
      }),
    );
  });

  app.post('/api/billing-portal', { schema: { response: { 200: checkoutSessionResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    const customerId = user.stripeCustomerId;
    if (!customerId) throw badRequest('There is no Stripe subscription to manage for this account');
    const stripe = configured(payments);
    return stripeSession(request.log, () => stripe.createPortalSession({ customerId, returnUrl: `${publicUrl}/dashboard` }));
  });

  await app.register(webhookRoute, options);
};

/** The webhook needs the exact bytes Stripe signed, so its body is kept raw. */
const webhookRoute: FastifyPluginAsync<BillingOptions> = async (app, { db, payments, logger }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', async (request) => {
    let event: PaymentEvent;
    try {
      event = configured(payments).parseWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
    } catch (error) {
      if (!(error instanceof InvalidWebhookError)) throw error;
      // The SDK's words (and what the payload lacked) are for the operator; the sender gets ours.
      logger.warn({ reason: error.reason, detail: error.message }, 'webhook refused');
      throw badRequest(error.reason === 'signature' ? SIGNATURE_FAILED : MALFORMED_EVENT);
    }
    const outcome = await recordAndApplyPaymentEvent(db, event, logger);
    if (outcome === 'duplicate') return { received: true, duplicate: true };
    return { received: true };
  });
};

