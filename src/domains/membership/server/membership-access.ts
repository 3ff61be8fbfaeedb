import type { UserRow } from '@/domains/accounts/server';
import { hasPremiumAccess } from '../membership.rules';

type Member = Pick<UserRow, 'role' | 'membershipTier' | 'premiumExpiresAt'>;

/** Part 1 section 6: only free-tier producers are limited; agents and admins never are. */
export function hasUnlimitedListingViews(user: Member, now: Date): boolean {
  return hasPremiumAccess(user, 'unlimitedViews', now);
}
