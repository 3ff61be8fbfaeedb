import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { penceToPounds } from '@/shared/money';
import { getUserById, getUserForUpdate, updatePremiumState } from '@/domains/accounts/server';
import { callProvider, PaymentProviderError } from '@/domains/payments/server';
import { REFUND_WINDOW_DAYS, REFUND_WINDOW_MESSAGE } from '../membership.constants';
import type { RefundMembershipResponse } from '../membership.schema';
import { LIVE_SUBSCRIPTION_STATUSES, findCurrentSubscription } from './find-current-subscription';
import { membershipRefundedMail } from './membership-mails';
import { cancelSubscriptionNow, invoicePaymentIntentId, retrieveInvoice } from './stripe-billing';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefundMembershipPaymentOptions {
  userId: number;
  /** The clock (injectable for tests). */
  now: Date;
}

/**
 * The 14-day refund guarantee (an admin action, see admin/server/refund-membership.ts): refunds the first payment of the user's
 * current subscription through the provider (under the ledger), cancels the subscription so
 * it never renews, returns the user to the free plan and emails them.
 */
export async function refundMembershipPayment(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'payments'>,
  { userId, now }: RefundMembershipPaymentOptions,
): Promise<RefundMembershipResponse> {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const subscription = await findCurrentSubscription(deps.db, userId);
  if (!subscription) throw new AppError('CONFLICT', 'This user has no membership to refund');

  const [first] = await deps.db
    .select()
    .from(membershipPayments)
    .where(eq(membershipPayments.subscriptionId, subscription.id))
    .orderBy(asc(membershipPayments.paidAt))
    .limit(1);
  if (!first || first.kind !== 'initial') {
    throw new AppError('CONFLICT', 'This user has no membership payment to refund');
  }
  if (first.refundedAt) throw new AppError('CONFLICT', 'This membership has already been refunded');
  if (now.getTime() - first.paidAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) {
    throw new AppError('CONFLICT', REFUND_WINDOW_MESSAGE);
  }

  try {
    let paymentIntentId = first.providerPaymentId;
    if (subscription.provider === 'stripe' && paymentIntentId.startsWith('in_')) {
      // Recorded by invoice id: the refund goes through the invoice's PaymentIntent.
      const invoice = await retrieveInvoice(deps, paymentIntentId);
      paymentIntentId = invoicePaymentIntentId(invoice) ?? paymentIntentId;
    }
    // The same key for the same payment: a retried refund can never refund twice.
    await callProvider(
      deps.db,
      deps.payments,
      {
        operation: 'refund',
        idempotencyKey: `membership:${subscription.id}:refund:${first.id}`,
        amountPence: first.grossPence,
        subject: `membership:${subscription.id}`,
        userId,
        providerPaymentId: paymentIntentId,
      },
      (idempotencyKey) => deps.payments.refundPayment(paymentIntentId, { idempotencyKey }),
    );
    if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
      await cancelSubscriptionNow(
        deps,
        subscription.providerSubscriptionId,
        `membership:${subscription.id}:cancel-on-refund`,
      );
    }
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError(
        error.retryable ? 'PROVIDER_UNAVAILABLE' : 'PAYMENT_FAILED',
        `The refund failed: ${error.message}`,
        { cause: error },
      );
    }
    throw error;
  }

  const refundedAt = now;
  const mail = await deps.db.transaction(async (tx) => {
    await getUserForUpdate(tx, userId);
    await tx
      .update(membershipPayments)
      .set({ refundedAt })
      .where(and(eq(membershipPayments.id, first.id), isNull(membershipPayments.refundedAt)));
    await tx
      .update(membershipSubscriptions)
      .set({
        status: 'refunded',
        autoRenew: false,
        nextRenewalAttemptAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(membershipSubscriptions.id, subscription.id),
          inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      );
    await updatePremiumState(tx, userId, { membershipTier: 'free', premiumExpiresAt: null });
    return membershipRefundedMail({
      publicUrl: deps.config.publicUrl,
      firstName: user.firstName,
      grossPence: first.grossPence,
      receiptNumber: first.receiptNumber,
    });
  });
  await deps.mailer.send({ to: user.email, ...mail });

  return {
    message: 'Membership refunded',
    userId,
    membershipTier: 'free',
    refundedAmount: penceToPounds(first.grossPence),
    receiptNumber: first.receiptNumber,
    refundedAt: refundedAt.toISOString(),
  };
}
