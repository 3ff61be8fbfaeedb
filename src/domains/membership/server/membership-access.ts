import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { MembershipTier } from '../membership.constants';
import { effectiveTier, hasPremiumAccess } from '../membership.rules';

type Member = Pick<UserRow, 'role' | 'membershipTier' | 'premiumExpiresAt'>;

/** Premium counts while the tier says so and any paid-up period has not run out. */
export function membershipTier(user: Member, now: Date): MembershipTier {
  return effectiveTier(user, now);
}

/** Part 1 section 6: only free-tier producers are limited; agents and admins never are. */
export function hasUnlimitedListingViews(user: Member, now: Date): boolean {
  return hasPremiumAccess(user, 'unlimitedViews', now);
}
