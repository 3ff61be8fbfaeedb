/** Stripe's PaymentIntent statuses that matter to us. */
export type ProviderPaymentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountPence: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  paymentMethodId: string | null;
  customerId: string | null;
  lastError: { code: string; message: string } | null;
  /** When an uncaptured authorisation lapses (the card network's limit). */
  authorisationExpiresAt: Date | null;
}

export interface CreatePaymentInput {
  amountPence: number;
  currency: string;
  /** manual = authorise now, capture later (offer holds); automatic = charge (membership). */
  captureMethod: 'manual' | 'automatic';
  metadata: Record<string, string>;
  description: string;
  idempotencyKey: string;
  customerId?: string;
  /** Charge a saved card without the customer present (renewals). */
  paymentMethodId?: string;
  /** Keep the card for later off-session charges (first membership payment). */
  saveCard?: boolean;
}

/** A refusal from the provider a person can read (declined card, expired hold...). */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** True for timeouts and outages: the same call may be retried with the same key. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The port every payment adapter implements (DESIGN.md: local and stripe). */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  capturePayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment>;
  cancelPayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment>;
  refundPayment(
    id: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<{ id: string; status: string; amountPence: number }>;
}
