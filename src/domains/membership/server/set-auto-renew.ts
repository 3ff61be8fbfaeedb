import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { updatePremiumState, type UserRow } from '@/domains/accounts/server';
import { PaymentProviderError } from '@/domains/payments/server';
import type { AutoRenewResponse } from '../membership.schema';
import { findCurrentSubscription } from './find-current-subscription';
import { setCancelAtPeriodEnd } from './stripe-billing';
import { membershipSubscriptions } from './subscriptions.tables';

export interface SetAutoRenewOptions {
  user: UserRow;
  autoRenew: boolean;
}

/**
 * PATCH /api/membership/auto-renew: a member turns renewal off (or back on). Premium stays
 * until the paid year ends either way; with it off, the year ends on the free plan.
 */
export async function setAutoRenew(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  { user, autoRenew }: SetAutoRenewOptions,
): Promise<AutoRenewResponse> {
  const subscription = await findCurrentSubscription(deps.db, user.id);
  if (!subscription) {
    throw new AppError('CONFLICT', 'You do not have a membership that renews');
  }
  if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
    try {
      // Stripe renews Stripe subscriptions: tell it to stop (or carry on) at the period end.
      await setCancelAtPeriodEnd(
        deps,
        subscription.providerSubscriptionId,
        !autoRenew,
        `membership:${subscription.id}:auto-renew:${autoRenew}:${Date.now()}`,
      );
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        throw new AppError(
          'PROVIDER_UNAVAILABLE',
          'Could not update automatic renewal. Please try again.',
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(membershipSubscriptions)
      .set({ autoRenew, updatedAt: sql`now()` })
      .where(eq(membershipSubscriptions.id, subscription.id));
    await updatePremiumState(tx, user.id, { premiumAutoRenew: autoRenew });
  });
  return { autoRenew, premiumExpiresAt: user.premiumExpiresAt?.toISOString() ?? null };
}
