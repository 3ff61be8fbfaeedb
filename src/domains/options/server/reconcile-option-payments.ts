import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { AUTHORISATION_LIFETIME_MS } from '@/domains/payments/payments.constants';
import { optionPayments } from './options.tables';
import { settleOptionPayment, type SettleDeps } from './settle-option-payment';

/**
 * The options:payments job (reconciliation): payments not taken to the end, older than a
 * moment (the request that started them may still be in flight): card payments authorised in
 * the card's lifetime and not applied, bank transfers recorded and not applied, and applied
 * ones whose notice is not sealed or filed. Answers how many took effect.
 */
export async function reconcileOptionPayments(
  deps: SettleDeps,
  now: Date,
  options_: { settleAfterMs?: number; limit?: number } = {},
): Promise<number> {
  const before = new Date(now.getTime() - (options_.settleAfterMs ?? 60_000));
  const since = new Date(now.getTime() - AUTHORISATION_LIFETIME_MS);
  const unfinished = await deps.db
    .select({ id: optionPayments.id })
    .from(optionPayments)
    .where(
      and(
        lt(optionPayments.createdAt, before),
        or(
          and(
            isNull(optionPayments.appliedAt),
            eq(optionPayments.method, 'card'),
            gt(optionPayments.createdAt, since),
          ),
          and(isNull(optionPayments.appliedAt), isNotNull(optionPayments.paidAt)),
          and(isNotNull(optionPayments.appliedAt), isNull(optionPayments.chainFiledAt)),
        ),
      ),
    )
    .limit(options_.limit ?? 50);
  let settled = 0;
  for (const { id } of unfinished) {
    try {
      if (await settleOptionPayment(deps, id, now)) settled += 1;
    } catch (error) {
      deps.log.warn({ err: error, paymentId: id }, 'option payment not reconciled; will retry');
    }
  }
  return settled;
}
