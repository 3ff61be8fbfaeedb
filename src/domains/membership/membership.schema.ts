import { z } from 'zod';
import { MEMBERSHIP_TIERS } from './membership.constants';

/** A calendar date, 'YYYY-MM-DD' (the first day of the next UK month for resets). */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/membership/status. Unlimited allowances (premium producers, agents, admins) are
 * `remaining: null` and `monthlyListingViews: 'unlimited'`; the free tier has numbers.
 */
export const MembershipStatusSchema = z.object({
  tier: z.enum(MEMBERSHIP_TIERS),
  usage: z.object({
    /** Different listings opened this UK calendar month. */
    listingViews: z.number().int().min(0),
    /** Views left this month; null when unlimited. */
    remaining: z.number().int().min(0).nullable(),
    /** When the allowance starts again: the first day of next month, UK time. */
    resetDate: IsoDateSchema,
  }),
  features: z.object({
    monthlyListingViews: z.union([z.number().int(), z.literal('unlimited')]),
  }),
});
export type MembershipStatus = z.infer<typeof MembershipStatusSchema>;

/** The 403 body of GET /api/listings/:id when the monthly allowance is used up. */
export const ViewLimitErrorSchema = z.object({
  message: z.string(),
  code: z.literal('LIMIT_REACHED'),
  upgradeRequired: z.literal(true),
  resetDate: IsoDateSchema,
});
export type ViewLimitError = z.infer<typeof ViewLimitErrorSchema>;
