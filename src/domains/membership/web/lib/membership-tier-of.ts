import type { CurrentUser } from '@/domains/accounts/accounts.schema';
import type { MembershipTier } from '@/shared/roles';
import { effectiveTier } from '../../membership.rules';

type TierSubject = Pick<CurrentUser, 'role' | 'membershipTier' | 'premiumExpiresAt'>;

/** The user's membership tier as it stands now (a premium year that ran out is free). */
export function membershipTierOf(user: TierSubject | null): MembershipTier {
  return user ? effectiveTier(user) : 'free';
}
