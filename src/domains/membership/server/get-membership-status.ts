import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { FREE_MONTHLY_LISTING_VIEWS } from '../membership.constants';
import type { MembershipStatus } from '../membership.schema';
import { hasUnlimitedListingViews, membershipTier } from './membership-access';
import { membershipMonth, nextResetDate } from './membership-period';
import { listingViews } from './membership.tables';

export interface GetMembershipStatusOptions {
  user: Pick<UserRow, 'id' | 'role' | 'membershipTier' | 'premiumExpiresAt'>;
  now: Date;
}

/** The signed-in user's tier, this month's listing views and what the tier allows. */
export async function getMembershipStatus(
  db: Executor,
  { user, now }: GetMembershipStatusOptions,
): Promise<MembershipStatus> {
  const [{ listingViews: used }] = await db
    .select({ listingViews: count() })
    .from(listingViews)
    .where(and(eq(listingViews.userId, user.id), eq(listingViews.month, membershipMonth(now))));
  const isUnlimited = hasUnlimitedListingViews(user, now);
  return {
    tier: membershipTier(user, now),
    usage: {
      listingViews: used,
      remaining: isUnlimited ? null : Math.max(0, FREE_MONTHLY_LISTING_VIEWS - used),
      resetDate: nextResetDate(now),
    },
    features: {
      monthlyListingViews: isUnlimited ? 'unlimited' : FREE_MONTHLY_LISTING_VIEWS,
    },
  };
}
