import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { getUserForUpdate, updatePremiumState } from '@/domains/accounts/server';
import { callProvider, PaymentProviderError } from '@/domains/payments/server';
import { CURRENCY } from '@/domains/payments/payments.constants';
import { PREMIUM_PRICE, RENEWAL_RETRY_DAYS } from '../membership.constants';
import { applyMembershipPayment } from './apply-membership-payment';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionRow } from './find-current-subscription';
import { endMembership } from './end-membership';
import { renewalFailedMail } from './membership-mails';
import { membershipSubscriptions } from './subscriptions.tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A claimed subscription is left alone by other instances for this long. */
const CLAIM_LEASE_MS = 10 * 60 * 1000;
/** After an outage (not a refusal) the same charge is retried this soon, with the same key. */
const OUTAGE_RETRY_MS = 60 * 60 * 1000;

/** What the renewal job needs (the app itself satisfies it). */
export type RenewMembershipsDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'payments'>;

export interface RenewMembershipsOptions {
  /** The clock (injectable for tests). */
  now: Date;
  batchSize?: number;
}

export interface RenewalSummary {
  renewed: number;
  failed: number;
  ended: number;
}

/** When a failed renewal stops being retried: the period end plus the retry window. */
export const retryDeadline = (periodEnd: Date) =>
  new Date(periodEnd.getTime() + RENEWAL_RETRY_DAYS * DAY_MS);

/**
 * The renewal job for subscriptions the local provider holds (Stripe renews its own and
 * tells us by webhook). Each due subscription (its year over, or a retry due) is claimed
 * with FOR UPDATE SKIP LOCKED and a short lease, so several instances never charge one
 * twice; the charge runs under the payments ledger with a key per period and attempt, so a
 * crash and retry replays the same charge instead of making a second one.
 */
export async function renewMemberships(
  deps: RenewMembershipsDeps,
  { now, batchSize = 25 }: RenewMembershipsOptions,
): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, failed: 0, ended: 0 };
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: membershipSubscriptions.id })
      .from(membershipSubscriptions)
      .where(
        and(
          eq(membershipSubscriptions.provider, 'local'),
          inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
          lte(membershipSubscriptions.nextRenewalAttemptAt, now),
        ),
      )
      .orderBy(asc(membershipSubscriptions.nextRenewalAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(membershipSubscriptions)
      .set({ nextRenewalAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        inArray(
          membershipSubscriptions.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  for (const subscription of claimed) {
    const outcome = await renewOne(deps, subscription, now);
    summary[outcome] += 1;
  }
  return summary;
}

async function renewOne(
  deps: RenewMembershipsDeps,
  subscription: SubscriptionRow,
  now: Date,
): Promise<keyof RenewalSummary> {
  const periodEnd = subscription.currentPeriodEnd ?? now;
  const deadline = retryDeadline(periodEnd);
  if (!subscription.autoRenew) {
    await endMembership(deps, subscription, 'not_renewed');
    return 'ended';
  }
  if (now >= deadline) {
    await endMembership(deps, subscription, 'payment_failed');
    return 'ended';
  }
  if (!subscription.paymentMethodId) {
    await recordFailure(deps, subscription, now, 'No card is saved for this membership.');
    return 'failed';
  }

  const attempt = subscription.renewalAttempts + 1;
  const amountPence = PREMIUM_PRICE.grossPence;
  try {
    const payment = await callProvider(
      deps.db,
      deps.payments,
      {
        operation: 'charge',
        // One key per period and attempt: a retry after a crash replays, never charges twice.
        idempotencyKey: `membership:${subscription.id}:renewal:${periodEnd.getTime()}:${attempt}`,
        amountPence,
        subject: `membership:${subscription.id}`,
        userId: subscription.userId,
      },
      (idempotencyKey) =>
        deps.payments.createPayment({
          amountPence,
          currency: CURRENCY,
          captureMethod: 'automatic',
          paymentMethodId: subscription.paymentMethodId!,
          customerId: subscription.customerId ?? undefined,
          metadata: {
            kind: 'membership',
            purpose: 'renewal',
            subscriptionId: String(subscription.id),
            userId: String(subscription.userId),
          },
          description: 'PageToScreen Premium membership renewal (1 year)',
          idempotencyKey,
        }),
    );
    if (payment.status !== 'succeeded') {
      await recordFailure(
        deps,
        subscription,
        now,
        payment.lastError?.message ?? 'The payment was not completed.',
      );
      return 'failed';
    }
    await applyMembershipPayment(deps, {
      subscriptionId: subscription.id,
      providerPaymentId: payment.id,
      amountPence: payment.amountPence,
      paidAt: now,
      kind: 'renewal',
      paymentMethodId: subscription.paymentMethodId,
      renewsLocally: true,
    });
    return 'renewed';
  } catch (error) {
    if (error instanceof PaymentProviderError && error.retryable) {
      // The provider did not answer: try the same charge again soon, under the same key.
      await deps.db
        .update(membershipSubscriptions)
        .set({ nextRenewalAttemptAt: new Date(now.getTime() + OUTAGE_RETRY_MS) })
        .where(eq(membershipSubscriptions.id, subscription.id));
      return 'failed';
    }
    if (error instanceof PaymentProviderError) {
      await recordFailure(deps, subscription, now, error.message);
      return 'failed';
    }
    throw error;
  }
}

/**
 * A refused renewal: past due, retried daily until the deadline. Premium stays on until
 * then (the user's expiry moves to the deadline); the member hears about the first failure.
 */
async function recordFailure(
  deps: RenewMembershipsDeps,
  subscription: SubscriptionRow,
  now: Date,
  reason: string,
): Promise<void> {
  const periodEnd = subscription.currentPeriodEnd ?? now;
  const deadline = retryDeadline(periodEnd);
  const nextAttempt = new Date(Math.min(now.getTime() + DAY_MS, deadline.getTime()));
  const mail = await deps.db.transaction(async (tx) => {
    const user = await getUserForUpdate(tx, subscription.userId);
    if (!user) return null;
    await tx
      .update(membershipSubscriptions)
      .set({
        status: 'past_due',
        renewalAttempts: subscription.renewalAttempts + 1,
        renewalFailedAt: subscription.renewalFailedAt ?? now,
        nextRenewalAttemptAt: nextAttempt,
        updatedAt: sql`now()`,
      })
      .where(eq(membershipSubscriptions.id, subscription.id));
    await updatePremiumState(tx, subscription.userId, { premiumExpiresAt: deadline });
    return subscription.status === 'active'
      ? {
          to: user.email,
          ...renewalFailedMail({
            publicUrl: deps.config.publicUrl,
            firstName: user.firstName,
            reason,
            retryUntil: deadline,
          }),
        }
      : null;
  });
  if (mail) await deps.mailer.send(mail);
}
