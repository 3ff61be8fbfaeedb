/**
 * THE premium rule, in one pure module that the server's gate and the browser's prompts both
 * import (STYLE.md 2): what a premium membership unlocks, and who has it. No server imports.
 */
import type { MembershipTier } from '@/shared/roles';

/** What premium unlocks (part 1 sections 1 and 6, part 2 section 6). */
export const PREMIUM_FEATURES = {
  unlimitedViews: 'Unlimited listing views',
  comments: 'Comments',
  commercialAnalysis: 'Commercial analysis',
  aiRecommendations: 'AI recommendations',
  commercialAnalysisSearch: 'Commercial analysis search',
  forum: 'Forum',
} as const;
export type PremiumFeature = keyof typeof PREMIUM_FEATURES;

/** The fields of a user the rule reads; dates may be Date (server) or ISO strings (browser). */
export interface PremiumSubject {
  role: string;
  membershipTier: string;
  premiumExpiresAt: Date | string | null;
}

function toTime(value: Date | string | null): number | null {
  if (value === null) return null;
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * Premium counts while the tier says so and the paid-up (or granted) period has not run out.
 * An admin's complimentary grant has an end date a year on (decision 009); a premium tier
 * without any expiry (older rows, seeded demo accounts) does not lapse.
 */
export function effectiveTier(user: PremiumSubject, now: Date = new Date()): MembershipTier {
  if (user.membershipTier !== 'premium') return 'free';
  const expiresAt = toTime(user.premiumExpiresAt);
  return expiresAt === null || expiresAt > now.getTime() ? 'premium' : 'free';
}

/**
 * Whether a user may use a premium feature. Producers need a premium membership. Agents and
 * admins run the marketplace: the spec gives them the forum and unlimited views outright, and
 * leaves analysis, comments and AI recommendations "not shown" for them; we let them in, so
 * an agent can read the analysis of their own titles and an admin can moderate comments.
 */
export function hasPremiumAccess(
  user: PremiumSubject | null,
  // Every feature follows the same rule today; naming it keeps callers explicit.
  _feature: PremiumFeature,
  now: Date = new Date(),
): boolean {
  if (!user) return false;
  if (user.role === 'agent' || user.role === 'admin') return true;
  return effectiveTier(user, now) === 'premium';
}
