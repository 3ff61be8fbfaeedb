import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { paymentLedger } from '@/domains/payments/server/payments.tables';

/** Our idempotency key of a checkout's first payment: the same checkout, the same payment. */
export const initialPaymentKey = (subscriptionId: number) => `membership:${subscriptionId}:initial`;

/**
 * The provider's id of a local checkout's payment, from the payments ledger (written before
 * the provider call and completed after it), or null when it was never created.
 */
export async function findInitialPaymentId(
  db: Executor,
  subscriptionId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ providerPaymentId: paymentLedger.providerPaymentId })
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.idempotencyKey, initialPaymentKey(subscriptionId)),
        isNotNull(paymentLedger.providerPaymentId),
      ),
    )
    .orderBy(desc(paymentLedger.id))
    .limit(1);
  return row?.providerPaymentId ?? null;
}
