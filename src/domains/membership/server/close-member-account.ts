import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import { PaymentProviderError } from '@/domains/payments/server';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { LIVE_SUBSCRIPTION_STATUSES } from './find-current-subscription';
import { listingViews } from './membership.tables';
import { cancelSubscriptionNow } from './stripe-billing';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

/**
 * An account is being deleted: its membership must never charge the card again. A Stripe
 * subscription is cancelled at Stripe (its own idempotency key); then every live subscription
 * is marked canceled, so the local renewal job leaves it alone. Receipts stay (see
 * hasMembershipRecords). A provider that does not answer stops the deletion (503).
 */
export async function stopMembershipForDeletedAccount(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  user: PlatformUser,
): Promise<void> {
  const live = await deps.db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.userId, user.id),
        inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    );
  for (const subscription of live) {
    if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
      try {
        await cancelSubscriptionNow(
          deps,
          subscription.providerSubscriptionId,
          `membership:${subscription.id}:account-deleted`,
        );
      } catch (error) {
        // A refusal means Stripe no longer renews it (already cancelled): nothing to stop.
        if (!(error instanceof PaymentProviderError) || error.retryable) {
          throw new AppError(
            'PROVIDER_UNAVAILABLE',
            'Your membership could not be cancelled just now, so the account was not deleted. Please try again in a few minutes.',
            { cause: error },
          );
        }
      }
    }
    await deps.db
      .update(membershipSubscriptions)
      .set({
        status: 'canceled',
        autoRenew: false,
        nextRenewalAttemptAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(membershipSubscriptions.id, subscription.id));
  }
}

/** An account is deleted: the listings the person opened (the monthly view count) go. */
export async function eraseMemberViews(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  await deps.db.delete(listingViews).where(eq(listingViews.userId, user.id));
}

/** Membership receipts name the person: kept for the accounts (about 7 years). */
export async function hasMembershipRecords(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<boolean> {
  const [receipt] = await deps.db
    .select({ id: membershipPayments.id })
    .from(membershipPayments)
    .where(eq(membershipPayments.userId, user.id))
    .limit(1);
  return receipt !== undefined;
}
