/**
 * Digits after the decimal point in a currency's ordinary notation (2 for usd, 0 for jpy), which is also
 * how many Stripe's smallest-unit amounts carry. Throws a RangeError for a code that is not a currency.
 */
export function currencyFractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
