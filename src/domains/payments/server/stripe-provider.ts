import Stripe from 'stripe';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
} from '@/server/payments/payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  /** Base URL of the API (tests point it at a local Stripe-shaped server). */
  apiBase?: string;
  timeoutMs?: number;
}

/** The official SDK, pointed at STRIPE_API_BASE when set. Automatic retries stay off: */
/** our ledger owns retries and reuses its own idempotency keys (they survive a crash). */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode !== undefined && error.statusCode >= 500);
    return new PaymentProviderError(
      error.decline_code ?? error.code ?? error.type,
      error.message,
      retryable,
    );
  }
  return new PaymentProviderError(
    'provider_unavailable',
    'The payment provider did not answer.',
    true,
  );
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  const paymentMethod =
    typeof intent.payment_method === 'string'
      ? intent.payment_method
      : (intent.payment_method?.id ?? null);
  const customer =
    typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  return {
    id: intent.id,
    status: intent.status as ProviderPayment['status'],
    amountPence: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    metadata: intent.metadata ?? {},
    paymentMethodId: paymentMethod,
    customerId: customer,
    lastError: intent.last_payment_error
      ? {
          code:
            intent.last_payment_error.decline_code ??
            intent.last_payment_error.code ??
            'card_error',
          message: intent.last_payment_error.message ?? 'The payment failed.',
        }
      : null,
    // Stripe cancels an uncaptured PaymentIntent 7 days after creation.
    authorisationExpiresAt:
      intent.capture_method === 'manual'
        ? new Date((intent.created + 7 * 24 * 60 * 60) * 1000)
        : null,
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(options: StripeProviderOptions) {
    this.client = createStripeClient(options);
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error);
    }
  }

  createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    return this.call(async () =>
      fromStripeIntent(
        await this.client.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            capture_method: input.captureMethod,
            metadata: input.metadata,
            description: input.description,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            ...(input.paymentMethodId ? { confirm: true, off_session: true } : {}),
            ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  retrievePayment(id: string): Promise<ProviderPayment> {
    return this.call(async () => fromStripeIntent(await this.client.paymentIntents.retrieve(id)));
  }

  capturePayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment> {
    return this.call(async () =>
      fromStripeIntent(
        await this.client.paymentIntents.capture(
          id,
          {},
          { idempotencyKey: options.idempotencyKey },
        ),
      ),
    );
  }

  cancelPayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment> {
    return this.call(async () =>
      fromStripeIntent(
        await this.client.paymentIntents.cancel(
          id,
          { cancellation_reason: 'requested_by_customer' },
          { idempotencyKey: options.idempotencyKey },
        ),
      ),
    );
  }

  refundPayment(
    id: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<{ id: string; status: string; amountPence: number }> {
    return this.call(async () => {
      const refund = await this.client.refunds.create(
        { payment_intent: id, amount: options.amountPence },
        { idempotencyKey: options.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending', amountPence: refund.amount };
    });
  }
}
