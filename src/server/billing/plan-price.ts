import type { PlanPrice } from '../../shared/schemas/billing.ts';
import type { Logger } from '../logger.ts';
import type { Payments } from '../providers/payments/index.ts';

interface PlanPriceOptions {
  payments: Payments | null;
  /** PRO_PRICE: shown when Stripe is not configured, has no fixed price, or does not answer. */
  configured: PlanPrice | null;
  logger: Logger;
  /** The longest the pricing page waits for Stripe. */
  timeoutMs?: number;
  /** How long Stripe's answer is reused. */
  cacheMs?: number;
  /** How long after a failed lookup the fallback is served before Stripe is asked again. */
  retryMs?: number;
  now?: () => number;
}

/**
 * The Pro price for the pricing page: Stripe's Price when payments are configured, else PRO_PRICE. Stripe is
 * asked at most once per cacheMs (and per retryMs after a failure), concurrent callers share one lookup, and a
 * lookup never takes longer than timeoutMs, so a slow or failing Stripe costs the page nothing but the figure.
 */
export function createPlanPrice({ payments, configured, logger, timeoutMs = 3000, cacheMs = 10 * 60_000, retryMs = 60_000, now = Date.now }: PlanPriceOptions) {
  let cached: { price: PlanPrice | null; until: number } | null = null;
  let pending: Promise<PlanPrice | null> | null = null;

  async function lookUp(stripe: Payments): Promise<PlanPrice | null> {
    try {
      const price = await withTimeout(stripe.retrievePlanPrice({ timeoutMs }), timeoutMs);
      if (!price) logger.warn('The Stripe price has no fixed recurring amount; the pricing page shows PRO_PRICE or none');
      cached = { price: price ?? configured, until: now() + cacheMs };
    } catch (error) {
      logger.warn({ err: error }, 'Could not read the Pro price from Stripe; the pricing page shows PRO_PRICE or none');
      cached = { price: configured, until: now() + retryMs };
    }
    return cached.price;
  }

  return {
    async current(): Promise<PlanPrice | null> {
      if (!payments) return configured;
      if (cached && cached.until > now()) return cached.price;
      pending ??= lookUp(payments).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}


function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${String(ms)} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
