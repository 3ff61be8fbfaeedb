import { and, eq, isNull } from 'drizzle-orm';
import { recordAdminAction } from '@/domains/admin/server';
import { rightsGrants } from '@/domains/rights/server/rights.tables';
import type { AppDeps } from '@/server/deps';
import { conflict, notFound, validation } from '@/shared/errors';
import { poundsToPence } from '@/shared/money';
import { OPTION_MESSAGES } from '../options.constants';
import type { BankTransferBody } from '../options.schema';
import { optionPayments, options } from './options.tables';
import { settleOptionPayment, type SettleDeps } from './settle-option-payment';

/**
 * An admin records that the purchase price of an exercised option was paid by bank transfer
 * (issue 34): above the card maximum, or a price the terms did not fix. The payment row is
 * stamped paid with the admin, the reference and the amount, and the audit entry commits in
 * the same transaction; then the exercise takes effect as a card payment's would (sold,
 * notice sealed and filed). Answers the payment's id.
 */
export async function recordBankTransfer(
  deps: SettleDeps & Pick<AppDeps, 'db'>,
  adminId: number,
  optionId: number,
  body: BankTransferBody,
  now: Date,
): Promise<number> {
  const [found] = await deps.db
    .select({ option: options, grantStatus: rightsGrants.status })
    .from(options)
    .innerJoin(rightsGrants, eq(rightsGrants.id, options.grantId))
    .where(eq(options.id, optionId));
  if (!found) throw notFound(OPTION_MESSAGES.notFound);
  const { option } = found;
  // A lapsed (or already sold) option cannot be bought: the money is not to be recorded.
  if (found.grantStatus !== 'optioned') throw conflict(OPTION_MESSAGES.notLive);
  const [payment] = await deps.db
    .select()
    .from(optionPayments)
    .where(
      and(
        eq(optionPayments.optionId, optionId),
        eq(optionPayments.action, 'exercise'),
        eq(optionPayments.method, 'bank_transfer'),
        isNull(optionPayments.paidAt),
      ),
    );
  if (!payment) throw conflict(OPTION_MESSAGES.notExercising);
  const amountPence = body.amount ? poundsToPence(body.amount) : payment.amountPence;
  if (!amountPence || amountPence <= 0) {
    throw validation('Enter the amount received in pounds', {
      amount: 'Enter the amount received in pounds',
    });
  }
  const recorded = await deps.db.transaction(async (tx) => {
    const [stamped] = await tx
      .update(optionPayments)
      .set({ paidAt: now, recordedBy: adminId, bankReference: body.reference, amountPence })
      .where(and(eq(optionPayments.id, payment.id), isNull(optionPayments.paidAt)))
      .returning();
    if (!stamped) return null;
    await recordAdminAction(tx, {
      actorId: adminId,
      action: 'record_option_bank_transfer',
      targetType: 'option',
      targetId: optionId,
      targetLabel: `Option on offer ${option.offerId}`,
      before: { paid: false },
      after: { paid: true, amountPence, reference: body.reference },
    });
    return stamped;
  });
  if (!recorded) throw conflict(OPTION_MESSAGES.notExercising);
  await settleOptionPayment(deps, payment.id, now);
  return payment.id;
}
