import type { AppDeps } from '@/server/deps';
import { callProvider } from './ledger';
import type { HeldPaymentEntry } from './capture-payment';
import type { ProviderPayment } from '@/server/payments/payment-provider';

/**
 * Releases a hold (cancels the uncaptured payment): nothing is charged. Recorded in the
 * ledger before the call; a timeout leaves the row pending for reconciliation, a refusal
 * (already released, lapsed or captured) marks it failed. Errors are the caller's.
 */
export function releasePayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  entry: HeldPaymentEntry,
): Promise<ProviderPayment> {
  return callProvider(deps.db, deps.payments, { ...entry, operation: 'release' }, (key) =>
    deps.payments.cancelPayment(entry.providerPaymentId, { idempotencyKey: key }),
  );
}
