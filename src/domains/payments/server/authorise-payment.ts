import type { AppDeps } from '@/server/deps';
import { CURRENCY } from '../payments.constants';
import { callProvider, type CallProviderOptions, type LedgerEntry } from './ledger';
import type { ProviderPayment } from '@/server/payments/payment-provider';

export interface AuthorisePaymentInput {
  /** The ledger row of the call: its key is the provider's idempotency key. */
  entry: Omit<LedgerEntry, 'operation' | 'providerPaymentId'>;
  /** What the provider keeps about the payment; `kind` picks the room that handles it. */
  metadata: Record<string, string> & { kind: string };
  description: string;
}

/**
 * Places a card hold (a manual-capture payment the customer confirms with their card), or
 * with the same key finds the one already placed. Recorded in the ledger before the call.
 */
export function authorisePayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  { entry, metadata, description }: AuthorisePaymentInput,
  options: CallProviderOptions<ProviderPayment> = {},
): Promise<ProviderPayment> {
  return callProvider(
    deps.db,
    deps.payments,
    { ...entry, operation: 'authorise' },
    (key) =>
      deps.payments.createPayment({
        amountPence: entry.amountPence,
        currency: CURRENCY,
        captureMethod: 'manual',
        metadata,
        description: description.slice(0, 500),
        idempotencyKey: key,
      }),
    options,
  );
}
