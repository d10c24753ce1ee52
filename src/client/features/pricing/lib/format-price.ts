import { currencyFractionDigits } from '@shared/money';
import type { PlanPrice } from '@shared/schemas/billing';

/** `{ unitAmount: 999, currency: 'usd', interval: 'month', intervalCount: 1 }` -> `$9.99` and `per month`. */
export function formatPlanPrice(price: PlanPrice): { amount: string; period: string } {
  const digits = currencyFractionDigits(price.currency);
  const amount = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: price.currency,
    // Whole amounts read as $10, not $10.00.
    minimumFractionDigits: price.unitAmount % 10 ** digits === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(price.unitAmount / 10 ** digits);
  const period = price.intervalCount === 1 ? `per ${price.interval}` : `every ${String(price.intervalCount)} ${price.interval}s`;
  return { amount, period };
}
