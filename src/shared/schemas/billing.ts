import { z } from 'zod';

/** How often a plan's price recurs (Stripe's `recurring.interval`). */
export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A recurring price in the currency's smallest unit (cents), as Stripe gives it: 999 usd every 1 month. */
const planPriceSchema = z.object({
  unitAmount: z.number().int().nonnegative(),
  /** ISO 4217, lower case as Stripe writes it. */
  currency: z.string().regex(/^[a-z]{3}$/),
  interval: z.enum(BILLING_INTERVALS),
  intervalCount: z.number().int().positive(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/** GET /api/billing/plans. A null price: neither Stripe nor PRO_PRICE gave one, so Checkout shows it. */
export const plansResponseSchema = z.object({
  pro: z.object({ price: planPriceSchema.nullable() }),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;
