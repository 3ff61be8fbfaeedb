import { and, eq, isNull } from 'drizzle-orm';
import { isProviderCallPending, type ProviderPayment } from '@/domains/payments/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { rightsGrants } from '@/domains/rights/server/rights.tables';
import type { AppDeps } from '@/server/deps';
import { applyOptionPayment } from './apply-option-payment';
import { issueOptionNotice } from './issue-option-notice';
import { optionPayments, options } from './options.tables';
import {
  authoriseOptionPayment,
  captureOptionPayment,
  optionPaymentKey,
  releaseOptionPayment,
} from './option-payment';

export type SettleDeps = Pick<AppDeps, 'db' | 'payments' | 'storage' | 'config' | 'log'>;

/**
 * Takes one option payment as far as it can go (issue 34), from whatever state a click, a
 * webhook or a crash left it in; safe to run any number of times, anywhere:
 * - authorised but its id never recorded (the provider answered, we died): the authorisation
 *   is made again with its key, which finds the same payment;
 * - confirmed by the card (requires_capture), or a capture whose outcome we never saw: it is
 *   captured with its key (the provider answers the capture it already made), but only while
 *   the option is still running; otherwise the authorisation is released;
 * - paid (card captured, or a bank transfer recorded): its effect is applied once, then its
 *   notice sealed and filed.
 * Answers whether the payment has taken effect.
 */
export async function settleOptionPayment(
  deps: SettleDeps,
  paymentId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await deps.db
    .select({
      payment: optionPayments,
      option: options,
      grantStatus: rightsGrants.status,
      listingTitle: listings.title,
    })
    .from(optionPayments)
    .innerJoin(options, eq(options.id, optionPayments.optionId))
    .innerJoin(rightsGrants, eq(rightsGrants.id, options.grantId))
    .innerJoin(listings, eq(listings.id, options.listingId))
    .where(eq(optionPayments.id, paymentId));
  if (!row) return false;
  let { payment } = row;
  const userId = row.option.producerId;
  if (!payment.appliedAt && payment.method === 'card') {
    let providerPaymentId = payment.providerPaymentId;
    if (!providerPaymentId) {
      if (
        !userId ||
        !(await isProviderCallPending(deps.db, optionPaymentKey(payment, 'authorise')))
      ) {
        return false;
      }
      providerPaymentId = (
        await authoriseOptionPayment(deps, payment, { userId, listingTitle: row.listingTitle })
      ).id;
      payment = { ...payment, providerPaymentId };
    }
    const held = { ...payment, providerPaymentId };
    let provider: ProviderPayment = await deps.payments.retrievePayment(providerPaymentId);
    const capturePending = await isProviderCallPending(
      deps.db,
      optionPaymentKey(payment, 'capture'),
    );
    if (provider.status === 'requires_capture' || capturePending) {
      const stillDue = row.grantStatus === 'optioned' && row.option.endsAt > now;
      if (!stillDue && !capturePending) {
        await releaseOptionPayment(deps, held, userId);
        return false;
      }
      provider = await captureOptionPayment(deps, held, userId);
    }
    if (provider.status !== 'succeeded') return false;
    await deps.db
      .update(optionPayments)
      .set({ paidAt: now })
      .where(and(eq(optionPayments.id, payment.id), isNull(optionPayments.paidAt)));
  }
  if (!payment.appliedAt) {
    const [current] = await deps.db
      .select({ paidAt: optionPayments.paidAt })
      .from(optionPayments)
      .where(eq(optionPayments.id, payment.id));
    if (!current?.paidAt) return false;
    if (!(await applyOptionPayment(deps, payment.id, now))) {
      const [again] = await deps.db
        .select({ appliedAt: optionPayments.appliedAt })
        .from(optionPayments)
        .where(eq(optionPayments.id, payment.id));
      if (!again?.appliedAt) return false;
    }
  }
  try {
    await issueOptionNotice(deps, payment.id);
  } catch (error) {
    deps.log.warn({ err: error, paymentId }, 'option notice not issued yet; the job retries it');
  }
  return true;
}
