import { describe, expect, it } from 'vitest';
import { readCheckoutReturn } from './checkout-return';

describe('coming back from Stripe Checkout', () => {
  it('reads the outcome and what else the address carried', () => {
    expect(readCheckoutReturn('checkout=success')).toEqual({ outcome: 'success', remainingSearch: '' });
    expect(readCheckoutReturn('?checkout=cancelled&ref=mail')).toEqual({ outcome: 'cancelled', remainingSearch: '?ref=mail' });
  });

  it('ignores an address without a known outcome', () => {
    expect(readCheckoutReturn('')).toBeNull();
    expect(readCheckoutReturn('checkout=maybe')).toBeNull();
    expect(readCheckoutReturn('ref=mail')).toBeNull();
  });
});
