import type { CurrentUser } from '@/domains/accounts/accounts.schema';
import type { MembershipTier } from '@/shared/roles';
import {
  effectiveTier,
  hasPremiumAccess as premiumRule,
  type PremiumFeature,
} from '@/domains/membership/membership.rules';

export { PREMIUM_FEATURES, type PremiumFeature } from '@/domains/membership/membership.rules';

type PremiumUser = Pick<CurrentUser, 'role' | 'membershipTier' | 'premiumExpiresAt'>;

/**
 * The browser's side of the one premium rule (membership.rules.ts, which the server's gate
 * uses too): whether this user may use a premium feature, so the page shows the feature or
 * the 'Premium Feature' / 'Upgrade to Premium' prompt. The server still decides (403).
 */
export function hasPremiumAccess(user: PremiumUser | null, feature: PremiumFeature): boolean {
  return premiumRule(user, feature);
}

/** The user's membership tier as it stands now (a premium year that ran out is free). */
export function membershipTierOf(user: PremiumUser | null): MembershipTier {
  return user ? effectiveTier(user) : 'free';
}
