import { takeSearchParam } from './search-param';

type CheckoutOutcome = 'success' | 'cancelled';

export interface CheckoutReturn {
  outcome: CheckoutOutcome;
  /** The query string without `checkout`, with its '?' (or '' when nothing else was there). */
  remainingSearch: string;
}

/** Stripe sends the user back to /dashboard?checkout=success or ?checkout=cancelled (see the billing routes). */
export function readCheckoutReturn(search: string): CheckoutReturn | null {
  const { value: outcome, remainingSearch } = takeSearchParam(search, 'checkout');
  if (outcome !== 'success' && outcome !== 'cancelled') return null;
  return { outcome, remainingSearch };
}
