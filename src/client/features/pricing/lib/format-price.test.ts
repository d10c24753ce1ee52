import { describe, expect, it } from 'vitest';
import { formatPlanPrice } from './format-price';

describe('formatPlanPrice', () => {
  it('writes the smallest-unit amount in its currency, and the period', () => {
    expect(formatPlanPrice({ unitAmount: 999, currency: 'usd', interval: 'month', intervalCount: 1 })).toEqual({ amount: '$9.99', period: 'per month' });
    expect(formatPlanPrice({ unitAmount: 9000, currency: 'usd', interval: 'year', intervalCount: 1 })).toEqual({ amount: '$90', period: 'per year' });
    expect(formatPlanPrice({ unitAmount: 1250, currency: 'eur', interval: 'month', intervalCount: 3 })).toEqual({ amount: '€12.50', period: 'every 3 months' });
    expect(formatPlanPrice({ unitAmount: 1500, currency: 'jpy', interval: 'week', intervalCount: 1 })).toEqual({ amount: '¥1,500', period: 'per week' });
  });
});
