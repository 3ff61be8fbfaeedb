import { PaymentProviderError } from '@/domains/payments/server';
import { AppError } from '@/shared/errors';

/** A provider failure as the API answers it: 503 when it did not answer, 402 when it refused. */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  if (error.retryable) {
    return new AppError(
      'PROVIDER_UNAVAILABLE',
      'The payment service did not answer. Please try again in a moment.',
      { cause: error },
    );
  }
  return new AppError('PAYMENT_FAILED', error.message, { cause: error });
}
