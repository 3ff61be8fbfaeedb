/** The spec's membership numbers (part 1 sections 1, 6 and 9). */

/** Free tier: different listings a producer may open per calendar month. */
export const FREE_MONTHLY_LISTING_VIEWS = 5;

/** 'Nearly at your limit!' shows at this many views remaining or fewer. */
export const NEAR_LIMIT_REMAINING = 1;

/** Months (and so the view allowance) start at midnight UK time. */
export const MEMBERSHIP_TIME_ZONE = 'Europe/London';

export const MEMBERSHIP_TIERS = ['free', 'premium'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** The message of the 403 a free producer gets for a sixth different listing in a month. */
export const VIEW_LIMIT_MESSAGE =
  'Monthly viewing limit reached. Upgrade to Premium for unlimited listing views.';
