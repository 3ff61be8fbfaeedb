import { and, eq, sql, type WithSubquery } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { paymentLedger } from './payments.tables';
import { PaymentProviderError, type PaymentProvider } from '@/server/payments/payment-provider';

export type LedgerOperation = 'authorise' | 'capture' | 'release' | 'charge' | 'refund';

export interface LedgerEntry {
  operation: LedgerOperation;
  /** Our own key: stored before the call, reused on every retry of the same intent. */
  idempotencyKey: string;
  amountPence: number;
  /** What the money is for, as `ledgerSubject` writes it: 'offer:12', 'membership:7'. */
  subject: string;
  userId?: number | null;
  providerPaymentId?: string | null;
}

export type LedgerRow = typeof paymentLedger.$inferSelect;

/**
 * The ledger's subject of a payment: the room that takes the money (the kind a payment's
 * metadata names, 'offer' or 'membership') and that room's id for it.
 */
export const ledgerSubject = (kind: string, id: number) => `${kind}:${id}`;

/**
 * Writes the ledger row of a provider call we are about to make, inside the caller's
 * transaction: the state change that needs the call and the record of the call commit
 * together. If we crash before making the call, reconciliation finds the pending row and
 * makes it with the same key. callProvider then reuses this row.
 */
export async function recordLedgerIntent(
  db: Executor,
  providerName: PaymentProvider['name'],
  entry: LedgerEntry,
): Promise<void> {
  await ledgerIntentInsert(db, providerName, entry);
}

/**
 * recordLedgerIntent's insert as a statement of its own, for a caller that writes it in the
 * same statement as the change that needs the call (a data-modifying CTE, in the caller's
 * transaction). attempting: the key is new (a first attempt, made right after the commit)
 * and the attempt is counted now; an existing row with that key is then an error, never
 * silently taken as this call's (callProvider's intentCounted relies on it).
 */
export function ledgerIntentInsert(
  db: Executor,
  providerName: PaymentProvider['name'],
  entry: LedgerEntry,
  options: { attempting?: boolean } = {},
) {
  const insert = db
    .insert(paymentLedger)
    .values({ ...ledgerValues(providerName, entry), attempts: options.attempting ? 1 : 0 });
  return options.attempting ? insert : insert.onConflictDoNothing();
}

function ledgerValues(providerName: PaymentProvider['name'], entry: LedgerEntry) {
  return {
    provider: providerName,
    operation: entry.operation,
    idempotencyKey: entry.idempotencyKey,
    amountPence: entry.amountPence,
    subject: entry.subject,
    userId: entry.userId ?? null,
    providerPaymentId: entry.providerPaymentId ?? null,
  };
}

export interface CallProviderOptions<T> {
  /**
   * The caller has just committed this call's row with ledgerIntentInsert (`attempting:
   * true`): it is there, pending, with this attempt counted, so nothing is written before
   * the call. Only for a key that was new in that transaction (a first attempt).
   */
  intentCounted?: boolean;
  /**
   * A statement (a data-modifying CTE, e.g. recording the payment's id on what it pays for)
   * committed in the same statement as the recorded success: one round trip, not two.
   */
  withSuccess?: (result: T) => WithSubquery;
}

/**
 * Runs one provider call under the ledger: the row (and its key) is written first, the
 * outcome after. A retryable failure leaves the row pending for reconciliation; a refusal
 * (declined card, expired hold) marks it failed. Either way the error is rethrown.
 */
export async function callProvider<T extends { id?: string; status?: string }>(
  db: Database,
  provider: PaymentProvider,
  entry: LedgerEntry,
  run: (idempotencyKey: string) => Promise<T>,
  options: CallProviderOptions<T> = {},
): Promise<T> {
  if (!options.intentCounted) {
    // One statement: the row if it is not there yet (or the intent written earlier), and one
    // more attempt counted either way.
    await db
      .insert(paymentLedger)
      .values({ ...ledgerValues(provider.name, entry), attempts: 1 })
      .onConflictDoUpdate({
        target: paymentLedger.idempotencyKey,
        set: { attempts: sql`${paymentLedger.attempts} + 1` },
      });
  }
  try {
    const result = await run(entry.idempotencyKey);
    const also = options.withSuccess?.(result);
    await (also ? db.with(also) : db)
      .update(paymentLedger)
      .set({
        outcome: 'succeeded',
        resultStatus: result.status ?? null,
        providerPaymentId: entry.providerPaymentId ?? result.id ?? null,
        errorCode: null,
        errorMessage: null,
        completedAt: new Date(),
      })
      .where(eq(paymentLedger.idempotencyKey, entry.idempotencyKey));
    return result;
  } catch (error) {
    const refusal = error instanceof PaymentProviderError && !error.retryable;
    await db
      .update(paymentLedger)
      .set({
        outcome: refusal ? 'failed' : 'pending',
        errorCode: error instanceof PaymentProviderError ? error.code : 'unknown',
        errorMessage: error instanceof Error ? error.message.slice(0, 500) : String(error),
        completedAt: refusal ? new Date() : null,
      })
      .where(eq(paymentLedger.idempotencyKey, entry.idempotencyKey));
    throw error;
  }
}

/**
 * Closes a pending call that can no longer be made (what it was about is gone): it is marked
 * failed with the reason, so reconciliation stops retrying it. The row itself stays.
 */
export async function abandonProviderCall(
  db: Executor,
  idempotencyKey: string,
  reason: string,
): Promise<void> {
  await db
    .update(paymentLedger)
    .set({ outcome: 'failed', errorCode: reason, completedAt: new Date() })
    .where(
      and(eq(paymentLedger.idempotencyKey, idempotencyKey), eq(paymentLedger.outcome, 'pending')),
    );
}
