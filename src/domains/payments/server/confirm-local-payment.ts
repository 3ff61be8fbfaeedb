import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import type { LocalConfirmBody } from '../payments.schema';
import { LocalPaymentProvider } from './local-provider';
import { dispatchPaymentUpdate, type PaymentHandlers } from './payment-handlers';
import { PaymentProviderError, type ProviderPayment } from '@/server/payments/payment-provider';

/**
 * The local provider's stand-in for Stripe.js: confirms a client secret with a test card,
 * then tells the owning room (offer, membership) at once, as Stripe's webhook would.
 */
export async function confirmLocalPayment(
  deps: AppDeps,
  handlers: PaymentHandlers,
  userId: number,
  body: LocalConfirmBody,
): Promise<ProviderPayment> {
  if (!(deps.payments instanceof LocalPaymentProvider)) {
    throw new AppError('NOT_FOUND', 'The local payment provider is not active');
  }
  const provider = deps.payments;
  // The common case (an accepted card on the payer's own payment awaiting it) in one
  // statement; anything else takes the full path below, which answers as it always did.
  const confirmed = await provider.confirmOwnPayment(body, String(userId));
  const payment = confirmed ?? (await confirmWithChecks(provider, userId, body));
  await dispatchPaymentUpdate(deps, handlers, payment);
  return payment;
}

async function confirmWithChecks(
  provider: LocalPaymentProvider,
  userId: number,
  body: LocalConfirmBody,
): Promise<ProviderPayment> {
  const existing = await provider.retrieveByClientSecret(body.clientSecret);
  if (!existing) throw new AppError('NOT_FOUND', 'No such payment.');
  // Only the payer may confirm their own payment.
  if (existing.metadata.userId !== String(userId)) {
    throw new AppError('FORBIDDEN', 'This payment belongs to another account');
  }
  try {
    return await provider.confirmWithCard(body);
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError(
        error.code === 'resource_missing' ? 'NOT_FOUND' : 'PAYMENT_FAILED',
        error.message,
        { extra: { declineCode: error.code } },
      );
    }
    throw error;
  }
}
