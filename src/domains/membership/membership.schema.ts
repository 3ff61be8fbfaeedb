import { z } from 'zod';
import { safeString } from '@/shared/text';
import { IdParamSchema } from '@/shared/ids';
import { MembershipTierSchema } from '@/shared/roles';

/** A calendar date, 'YYYY-MM-DD' (the first day of the next UK month for resets). */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/membership/status. Unlimited allowances (premium producers, agents, admins) are
 * `remaining: null` and `monthlyListingViews: 'unlimited'`; the free tier has numbers.
 */
export const MembershipStatusSchema = z.object({
  tier: MembershipTierSchema,
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
  /** When the paid-up premium year ends (ISO instant); null for free members. */
  premiumExpiresAt: z.string().nullable(),
  /**
   * Whether the paid year renews at premiumExpiresAt; null when there is no subscription to
   * renew (free members, and premium granted by an admin).
   */
  autoRenew: z.boolean().nullable(),
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

/** Money as the API shows it: pounds as a numeric string ("216.00"). */
const PoundsStringSchema = z.string().regex(/^\d+\.\d{2}$/);

/**
 * POST /api/membership/upgrade. The spec's fields are clientSecret and subscriptionId (our
 * checkout session id). `checkoutUrl` is where the browser goes next: the in-app checkout
 * page with the local provider (clientSecret set), or Stripe's hosted Checkout page with the
 * stripe provider (clientSecret null: the card is entered on Stripe's page).
 */
export const UpgradeResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  subscriptionId: z.string(),
  checkoutUrl: z.string(),
});
export type UpgradeResponse = z.infer<typeof UpgradeResponseSchema>;

/** The VAT breakdown of the premium price. */
export const PremiumPriceSchema = z.object({
  net: PoundsStringSchema,
  vat: PoundsStringSchema,
  gross: PoundsStringSchema,
  vatRatePercent: z.number().int(),
});
export type PremiumPrice = z.infer<typeof PremiumPriceSchema>;

export const CHECKOUT_SESSION_STATUSES = ['open', 'paid', 'expired'] as const;

/** GET /api/membership/checkout/{sessionId}: what the in-app checkout page needs. */
export const CheckoutSessionSchema = z.object({
  sessionId: z.string(),
  /** open: waiting for a card; paid: premium has started; expired: start again on /upgrade. */
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  clientSecret: z.string().nullable(),
  price: PremiumPriceSchema,
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

export const CheckoutSessionParamsSchema = z.object({
  sessionId: safeString().min(1).max(200),
});

/** PATCH /api/membership/auto-renew. */
export const AutoRenewBodySchema = z.object({
  autoRenew: z.boolean({ error: 'Choose whether your membership renews automatically' }),
});
export type AutoRenewBody = z.infer<typeof AutoRenewBodySchema>;

export const AutoRenewResponseSchema = z.object({
  autoRenew: z.boolean(),
  premiumExpiresAt: z.string().nullable(),
});
export type AutoRenewResponse = z.infer<typeof AutoRenewResponseSchema>;

/** The 403 body of every premium-only call for someone without premium. */
export const UpgradeRequiredErrorSchema = z.object({
  message: z.string(),
  code: z.literal('UPGRADE_REQUIRED'),
  upgradeRequired: z.literal(true),
  feature: z.string(),
});
export type UpgradeRequiredError = z.infer<typeof UpgradeRequiredErrorSchema>;

/** POST /api/admin/users/{userId}/refund-membership. */
export const RefundMembershipParamsSchema = z.object({
  /** Read with parseId: a value that is no id gets the same 404 as an unknown user. */
  userId: IdParamSchema,
});

export const RefundMembershipResponseSchema = z.object({
  message: z.string(),
  userId: z.number().int(),
  membershipTier: MembershipTierSchema,
  refundedAmount: PoundsStringSchema,
  receiptNumber: z.string(),
  refundedAt: z.string(),
});
export type RefundMembershipResponse = z.infer<typeof RefundMembershipResponseSchema>;
