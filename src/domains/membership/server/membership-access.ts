import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { MembershipTier } from '../membership.constants';

type Member = Pick<UserRow, 'role' | 'membershipTier' | 'premiumExpiresAt'>;

/** Premium counts while the tier says so and any paid-up period has not run out. */
export function membershipTier(user: Member, now: Date): MembershipTier {
  const isPaidUp = !user.premiumExpiresAt || user.premiumExpiresAt > now;
  return user.membershipTier === 'premium' && isPaidUp ? 'premium' : 'free';
}

/** Part 1 section 6: only free-tier producers are limited; agents and admins never are. */
export function hasUnlimitedListingViews(user: Member, now: Date): boolean {
  return user.role === 'agent' || user.role === 'admin' || membershipTier(user, now) === 'premium';
}
