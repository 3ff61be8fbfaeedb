import { z } from 'zod';
import { PoundsSchema } from '@/domains/listings/listings.schema';
import { IdParamSchema } from '@/shared/ids';

/**
 * A rate as a percentage with one decimal (12.5 means 12.5%), or null when there is nothing
 * to divide by: a figure without data says so rather than showing 0%.
 */
const RateSchema = z.number().nullable();

/** One month of a listing's or a portfolio's activity ('YYYY-MM', UK time). */
export const AgentActivityMonthSchema = z.object({
  month: z.string(),
  offers: z.number().int(),
  accepted: z.number().int(),
  /** Accepted option fees that month, pounds. */
  revenue: PoundsSchema,
  /** Distinct viewers that month (the agent's own views are not counted). */
  viewers: z.number().int(),
  favourites: z.number().int(),
});
export type AgentActivityMonth = z.infer<typeof AgentActivityMonthSchema>;

export const ListingPerformanceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  medium: z.string(),
  status: z.string(),
  totalOffers: z.number().int(),
  acceptedOffers: z.number().int(),
  /** Accepted option fees, pounds. */
  totalRevenue: PoundsSchema,
  /** Mean of the offers that reached the agent, pounds; null without offers. */
  avgOfferPrice: PoundsSchema.nullable(),
  /** accepted ÷ offers that reached the agent, as a percentage. */
  conversionRate: RateSchema,
  views: z.number().int(),
  uniqueViewers: z.number().int(),
  favourites: z.number().int(),
});
export type ListingPerformance = z.infer<typeof ListingPerformanceSchema>;

/** GET /api/analytics/agent/{agentId}: the spec's two parts plus the series the charts draw. */
export const AgentAnalyticsResponseSchema = z.object({
  overview: z.object({
    totalListings: z.number().int(),
    totalOffers: z.number().int(),
    totalRevenue: PoundsSchema,
    conversionRate: RateSchema,
    totalViews: z.number().int(),
    uniqueViewers: z.number().int(),
    totalFavourites: z.number().int(),
  }),
  listingPerformance: z.array(ListingPerformanceSchema),
  /** The last 12 months, oldest first, every month present (zeros where nothing happened). */
  months: z.array(AgentActivityMonthSchema),
  /** People at each step across the portfolio: viewed → saved → offered → accepted. */
  funnel: z.object({
    viewers: z.number().int(),
    favourites: z.number().int(),
    offers: z.number().int(),
    accepted: z.number().int(),
  }),
});
export type AgentAnalyticsResponse = z.infer<typeof AgentAnalyticsResponseSchema>;

export const ListingViewersParamsSchema = z.object({
  agentId: IdParamSchema,
  listingId: IdParamSchema,
});

/**
 * GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers: who looked. Names only of
 * producers who chose to show them to agents; everyone else is a number.
 */
export const ListingViewersResponseSchema = z.object({
  listingId: z.number().int(),
  title: z.string(),
  totalViews: z.number().int(),
  uniqueViewers: z.number().int(),
  months: z.array(
    z.object({ month: z.string(), views: z.number().int(), viewers: z.number().int() }),
  ),
  namedViewers: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string().nullable(),
      views: z.number().int(),
      lastViewedAt: z.string(),
    }),
  ),
  /** Viewers who did not choose to be named. */
  anonymousViewers: z.number().int(),
});
export type ListingViewersResponse = z.infer<typeof ListingViewersResponseSchema>;
