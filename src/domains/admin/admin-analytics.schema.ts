/**
 * The admin analytics page's request and answer (issue 13): every figure is counted from
 * rows when asked. Money is in pounds as strings ("25000.00"), as everywhere in the API.
 */
import { z } from 'zod';

export const ANALYTICS_INTERVALS = ['month', 'week'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
/** How many months or weeks the time series cover, the current one included. */
export const ANALYTICS_PERIODS = 12;
/** How many listings and searches the top lists show. */
export const ANALYTICS_TOP = 10;
export const ANALYTICS_ZERO_RESULT_TOP = 20;
export const RENEWALS_WINDOW_DAYS = 30;

/** The offer funnel's stages, in order, and what they mean. */
export const FUNNEL_STAGES = [
  'created',
  'authorised',
  'awaiting',
  'accepted',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  created: 'Created',
  authorised: 'Card hold authorised',
  awaiting: 'Awaiting the agent',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The verification queue's age bands (days since the application was submitted). */
export const QUEUE_AGE_BANDS = [
  { label: 'Under 1 day', maxDays: 1 },
  { label: '1–3 days', maxDays: 3 },
  { label: '3–7 days', maxDays: 7 },
  { label: '7–14 days', maxDays: 14 },
  { label: 'Over 14 days', maxDays: Infinity },
] as const;

export const AdminAnalyticsQuerySchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS).default('month'),
});
export type AdminAnalyticsQuery = z.infer<typeof AdminAnalyticsQuerySchema>;

const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int();
const pounds = z.string();

const TopListingSchema = z.object({
  listingId: z.number().int(),
  title: z.string(),
  author: z.string(),
  count,
});
export type TopListing = z.infer<typeof TopListingSchema>;

export const AdminAnalyticsResponseSchema = z.object({
  generatedAt: isoDate,
  interval: z.enum(ANALYTICS_INTERVALS),
  users: z.object({
    total: count,
    premiumProducers: count,
    byRole: z.array(z.object({ role: z.string(), count })),
    /** One entry per month or week (its first day, YYYY-MM-DD, UTC), oldest first. */
    signups: z.array(z.object({ period: z.string(), count })),
  }),
  verification: z.object({
    pending: count,
    oldestSubmittedAt: isoDate.nullable(),
    oldestAgeDays: z.number().nullable(),
    medianAgeDays: z.number().nullable(),
    ageBands: z.array(z.object({ band: z.string(), count })),
  }),
  listings: z.object({
    total: count,
    byMedium: z.array(z.object({ medium: z.string(), count })),
    byStatus: z.array(z.object({ status: z.string(), count })),
  }),
  offers: z.object({
    funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count })),
  }),
  money: z.object({
    holdsOutstanding: pounds,
    holdsOutstandingCount: count,
    captured: pounds,
    capturedCount: count,
    membership: z.object({
      payments: count,
      net: pounds,
      vat: pounds,
      gross: pounds,
      refunded: pounds,
      refundedCount: count,
    }),
    /** Membership payments (not refunded) by month or week, oldest first. */
    membershipByPeriod: z.array(
      z.object({ period: z.string(), net: pounds, vat: pounds, gross: pounds }),
    ),
    renewalsDue: z.object({
      /** Active subscriptions renewing automatically within the window. */
      count,
      /** Active subscriptions ending within the window with renewal turned off. */
      endingCount: count,
      windowDays: count,
    }),
  }),
  mostViewed: z.array(TopListingSchema),
  mostFavourited: z.array(TopListingSchema),
  zeroResultSearches: z.array(z.object({ query: z.string(), count, lastSearchedAt: isoDate })),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsResponseSchema>;
