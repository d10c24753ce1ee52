import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/request-user.ts';
import { HttpError } from '../http/http-error.ts';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

/** Stripe Checkout arrives with the billing issue; until STRIPE_* is configured the honest answer is 503. */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/create-checkout-session', async (request) => {
    requireUser(request);
    throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  });
};
