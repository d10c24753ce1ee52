import type { PlanPrice } from '../../../shared/schemas/billing.ts';

/** A subscription event, reduced to what the product acts on. */
export type PaymentEvent =
  | { id: string; type: 'checkout-completed'; userId: string | null; customerId: string | null }
  | { id: string; type: 'subscription-changed'; customerId: string; active: boolean }
  | { id: string; type: 'payment-failed'; customerId: string | null }
  | { id: string; type: 'ignored'; providerType: string };

/** The Payments port: Stripe Checkout for the Pro plan, its webhook and the billing portal. */
export interface Payments {
  /** Throws PaymentsUnavailableError when the provider cannot be reached or refuses the call. */
  createCheckoutSession(request: { userId: string; email: string | null; successUrl: string; cancelUrl: string }): Promise<string>;
  /** Throws PaymentsUnavailableError when the provider cannot be reached or refuses the call. */
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<string>;
  /**
   * Verifies the signature over the raw body and reads the event; throws InvalidWebhookError when the signature
   * does not hold, or when an event of a type the product acts on lacks the data that type carries.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /**
   * The Pro plan's recurring price as the provider has it; null when it has no fixed amount (tiered or
   * pay-what-you-want) or does not recur. One attempt, abandoned after timeoutMs.
   */
  retrievePlanPrice(options: { timeoutMs: number }): Promise<PlanPrice | null>;
}

/** A webhook delivery to refuse: its signature does not hold, or its payload is not an event the product can read. */
export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
  constructor(
    readonly reason: 'signature' | 'payload',
    /** What went wrong, for the operator's log (the provider's own words, never shown to the sender). */
    detail: string,
  ) {
    super(detail);
  }
}

/** The provider could not be reached, failed, or refused a call (a misconfigured price, say); `cause` says which. */
export class PaymentsUnavailableError extends Error {
  override name = 'PaymentsUnavailableError';
}
