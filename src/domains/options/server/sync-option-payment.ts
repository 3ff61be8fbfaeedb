import type { ProviderPayment } from '@/domains/payments/server';
import type { AppDeps } from '@/server/deps';
import { now as optionNow } from '@/server/clock';
import { settleOptionPayment } from './settle-option-payment';

/**
 * The payment handler of kind 'option': the card was confirmed (the local provider's form or
 * Stripe's webhook). Settles the payment it names now; what fails is the job's to finish.
 */
export async function syncOptionPayment(deps: AppDeps, payment: ProviderPayment): Promise<void> {
  const paymentId = Number(payment.metadata.optionPaymentId);
  if (!Number.isInteger(paymentId)) return;
  try {
    await settleOptionPayment(deps, paymentId, optionNow());
  } catch (error) {
    deps.log.warn({ err: error, paymentId }, 'option payment not settled yet; the job retries it');
  }
}
