import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server';
import { FREE_MONTHLY_LISTING_VIEWS } from '../membership.constants';
import type { MembershipStatus } from '../membership.schema';
import { findCurrentSubscription } from './find-current-subscription';
import { effectiveTier } from '../membership.rules';
import { hasUnlimitedListingViews } from './membership-access';
import { membershipMonth, nextResetDate } from './membership-period';
import { listingViews } from './membership.tables';

export interface GetMembershipStatusOptions {
  user: Pick<UserRow, 'id' | 'role' | 'membershipTier' | 'premiumExpiresAt'>;
  now: Date;
}

/**
 * The signed-in user's tier, this month's listing views, what the tier allows, and when a
 * premium year ends and whether it renews.
 */
export async function getMembershipStatus(
  db: Executor,
  { user, now }: GetMembershipStatusOptions,
): Promise<MembershipStatus> {
  const [{ listingViews: used }] = await db
    .select({ listingViews: count() })
    .from(listingViews)
    .where(and(eq(listingViews.userId, user.id), eq(listingViews.month, membershipMonth(now))));
  const isUnlimited = hasUnlimitedListingViews(user, now);
  const tier = effectiveTier(user, now);
  const subscription = tier === 'premium' ? await findCurrentSubscription(db, user.id) : null;
  return {
    tier,
    usage: {
      listingViews: used,
      remaining: isUnlimited ? null : Math.max(0, FREE_MONTHLY_LISTING_VIEWS - used),
      resetDate: nextResetDate(now),
    },
    features: {
      monthlyListingViews: isUnlimited ? 'unlimited' : FREE_MONTHLY_LISTING_VIEWS,
    },
    premiumExpiresAt: tier === 'premium' ? (user.premiumExpiresAt?.toISOString() ?? null) : null,
    // Only a live subscription renews; premium granted by an admin has nothing to renew.
    autoRenew: subscription?.autoRenew ?? null,
  };
}
