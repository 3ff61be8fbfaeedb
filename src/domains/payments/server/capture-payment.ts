import type { AppDeps } from '@/server/deps';
import { callProvider, type LedgerEntry } from './ledger';
import type { ProviderPayment } from '@/server/payments/payment-provider';

/** A ledgered call about an existing payment: it names the payment. */
export type HeldPaymentEntry = Omit<LedgerEntry, 'operation' | 'providerPaymentId'> & {
  providerPaymentId: string;
};

/**
 * Captures a hold: the money moves. Recorded in the ledger before the call; a timeout leaves
 * the row pending for reconciliation, a refusal marks it failed. Errors are the caller's.
 */
export function capturePayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  entry: HeldPaymentEntry,
): Promise<ProviderPayment> {
  return callProvider(deps.db, deps.payments, { ...entry, operation: 'capture' }, (key) =>
    deps.payments.capturePayment(entry.providerPaymentId, { idempotencyKey: key }),
  );
}
