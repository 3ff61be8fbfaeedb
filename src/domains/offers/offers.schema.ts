import { z } from 'zod';
import { safeString } from '@/shared/text';
import { ListingCardSchema, PoundsSchema } from '@/domains/listings/listings.schema';
import { IdParamSchema, parseId } from '@/shared/ids';
import { poundsToPence } from '@/shared/money';
import {
  CANCELLATION_REASON_MAX,
  FREE_TEXT_MAX,
  MAX_OFFER_PENCE,
  MIN_OFFER_POUNDS,
  OPTION_PERIODS,
  PUBLIC_OFFER_STATUSES,
  type OptionPeriod,
} from './offers.constants';

/** The spec's messages (part 1 sections 5 and 8), written once for the form and the API. */
export const OFFER_MESSAGES = {
  offerPriceRequired: 'Offer amount is required',
  offerPriceMinimum: 'Minimum offer amount is £1,000',
  offerPriceFormat: 'Enter the amount in pounds, with at most two decimal places',
  offerPriceMaximum:
    'Offers above £999,999.99 cannot be placed by card. Please contact the agent directly.',
  optionPeriodRequired: 'Option period is required',
  optionPeriodInvalid: 'Option period must be 12, 18, 24 or 36 months',
  deckRequired: 'Please upload a proposal deck before submitting your offer',
  cancellationReasonRequired: 'Please provide a reason for cancelling',
  cancellationReasonMaximum: 'Reason must be at most 500 characters',
  textTooLong: `Must be at most ${FREE_TEXT_MAX} characters`,
  listingUnavailable: 'This listing is no longer available for offers',
  alreadyOpen:
    'You already have an open offer on this listing. Cancel it before submitting another.',
  holdExpired: 'The card hold on this offer has expired. The producer has been asked to renew it.',
  onlyProducers: 'Only producers can submit offers.',
} as const;

const offerPriceText = z
  .string({ error: OFFER_MESSAGES.offerPriceRequired })
  .trim()
  .min(1, { error: OFFER_MESSAGES.offerPriceRequired });

/** The amount typed, in pounds → pence; or the spec's message for it and null. */
function readOfferPrice(value: string, ctx: z.RefinementCtx): number | null {
  const asNumber = Number(value);
  if (!Number.isFinite(asNumber) || asNumber < MIN_OFFER_POUNDS) {
    ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.offerPriceMinimum });
    return null;
  }
  const pence = poundsToPence(value);
  if (pence === null) {
    ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.offerPriceFormat });
    return null;
  }
  if (pence > MAX_OFFER_PENCE) {
    ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.offerPriceMaximum });
    return null;
  }
  return pence;
}

/** The amount typed into the form: a numeric string of pounds (spec: sent as a string). */
export const OfferPriceSchema = offerPriceText.superRefine((value, ctx) => {
  readOfferPrice(value, ctx);
});

/** The same field as the server reads it: the pounds string parsed once, into pence. */
export const OfferPricePenceSchema = offerPriceText.transform(
  (value, ctx) => readOfferPrice(value, ctx) ?? z.NEVER,
);

/** 12 | 18 | 24 | 36; a select gives a string, a number input a number: both are fine. */
export const OptionPeriodSchema = z
  .union([z.number(), z.string()], { error: OFFER_MESSAGES.optionPeriodRequired })
  .transform((value, ctx): OptionPeriod => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.optionPeriodRequired });
      return z.NEVER;
    }
    const months = Number(value);
    const period = OPTION_PERIODS.find((option) => option === months);
    if (period === undefined) {
      ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.optionPeriodInvalid });
      return z.NEVER;
    }
    return period;
  });

const optionalText = safeString()
  .trim()
  .max(FREE_TEXT_MAX, { error: OFFER_MESSAGES.textTooLong })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * POST /api/offers, and the offer form (step 1 of /submit-offer/{listingId}).
 * fundNotes is only kept when fundCompetition is ticked (the server drops it otherwise).
 */
export const CreateOfferBodySchema = z.object({
  listingId: z
    .union([z.number(), z.string()], { error: 'Listing is required' })
    .transform((value, ctx) => {
      const id = parseId(Number(value));
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: 'Listing is required' });
        return z.NEVER;
      }
      return id;
    }),
  offerPrice: OfferPriceSchema,
  optionPeriod: OptionPeriodSchema,
  extraRightsRequest: optionalText,
  fundCompetition: z.boolean().default(false),
  fundNotes: optionalText,
  deckFileUrl: safeString({ error: OFFER_MESSAGES.deckRequired })
    .trim()
    .min(1, { error: OFFER_MESSAGES.deckRequired })
    .max(300, { error: OFFER_MESSAGES.deckRequired }),
});
export type CreateOfferBodyInput = z.input<typeof CreateOfferBodySchema>;
export type CreateOfferBody = z.output<typeof CreateOfferBodySchema>;

/** POST /api/offers as the server reads it: the same body, the price parsed once into pence. */
export const CreateOfferRequestSchema = CreateOfferBodySchema.extend({
  offerPrice: OfferPricePenceSchema,
}).transform(({ offerPrice, ...body }) => ({ ...body, offerPricePence: offerPrice }));
export type CreateOfferRequest = z.output<typeof CreateOfferRequestSchema>;

/** PATCH /api/offers/{id}/cancel and the cancel dialog (reason with a 500-character counter). */
export const CancelOfferBodySchema = z.object({
  cancellationReason: safeString({ error: OFFER_MESSAGES.cancellationReasonRequired })
    .trim()
    .min(1, { error: OFFER_MESSAGES.cancellationReasonRequired })
    .max(CANCELLATION_REASON_MAX, { error: OFFER_MESSAGES.cancellationReasonMaximum }),
});
export type CancelOfferBody = z.infer<typeof CancelOfferBodySchema>;

export const OfferStatusSchema = z.enum(PUBLIC_OFFER_STATUSES);

/** An offer as both sides read it; producer is there for the agent's view. */
export const OfferSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  status: OfferStatusSchema,
  /** Pounds, two decimals ("25000.00"). */
  offerPrice: PoundsSchema,
  optionPeriod: z.number().int(),
  extraRightsRequest: z.string().nullable(),
  fundCompetition: z.boolean(),
  fundNotes: z.string().nullable(),
  deckFileUrl: z.string().nullable(),
  signedOptionUrl: z.string().nullable(),
  /** When the card hold was authorised (null while awaiting payment). ISO 8601. */
  submittedAt: z.string().nullable(),
  /** When the hold is released if the agent has not answered. ISO 8601. */
  responseDeadline: z.string().nullable(),
  createdAt: z.string(),
  cancellationReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The provider's last refusal (declined card, failed capture), for the producer. */
  lastPaymentError: z.string().nullable(),
  producer: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
  }),
});
export type Offer = z.infer<typeof OfferSchema>;

/** POST /api/offers and POST /api/offers/{id}/renew: the offer and the hold's client secret. */
export const CreateOfferResponseSchema = z.object({
  offer: OfferSchema,
  clientSecret: z.string(),
});
export type CreateOfferResponse = z.infer<typeof CreateOfferResponseSchema>;

export const OfferCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
});
export type OfferCounts = z.infer<typeof OfferCountsSchema>;

/** GET /api/offers/my-submissions: newest first, with the four counters of the page. */
export const MySubmissionsResponseSchema = z.object({
  offers: z.array(OfferSchema),
  counts: OfferCountsSchema,
});
export type MySubmissionsResponse = z.infer<typeof MySubmissionsResponseSchema>;

/** GET /api/offers/agent/{agentId}: offers on the agent's listings (never awaiting payment). */
export const AgentOffersResponseSchema = z.array(OfferSchema);
export type AgentOffersResponse = z.infer<typeof AgentOffersResponseSchema>;

/** GET /api/listings/agent/{agentId}: the agent's listings with their offer counters. */
export const AgentListingSchema = ListingCardSchema.extend({
  offerCounts: OfferCountsSchema,
  /** Viewers other than the agent, each counted once a month (the server's own record). */
  views: z.number().int(),
  favourites: z.number().int(),
});
export type AgentListing = z.infer<typeof AgentListingSchema>;
export const AgentListingsResponseSchema = z.array(AgentListingSchema);
export type AgentListingsResponse = z.infer<typeof AgentListingsResponseSchema>;

/** POST /api/uploads/deck answer: the path to pass as deckFileUrl. */
export const DeckUploadResponseSchema = z.object({ deckFileUrl: z.string() });
export type DeckUploadResponse = z.infer<typeof DeckUploadResponseSchema>;

/** `:id` path segments; a non-numeric id is simply not found (404, read with parseId). */
export const OfferIdParamsSchema = z.object({ id: IdParamSchema });
export const AgentIdParamsSchema = z.object({ agentId: IdParamSchema });

/** The download path of a deck, as stored on offers and answered by the upload. */
export const deckFileUrlFor = (deckId: number) => `/api/uploads/deck/${deckId}`;

/** The deck id inside a deckFileUrl, or null when it is not one of ours. */
export function deckIdFromUrl(url: string): number | null {
  const match = /^\/api\/uploads\/deck\/(\d{1,10})$/.exec(url.trim());
  return match ? parseId(match[1]) : null;
}

/**
 * PATCH /api/offers/{id}/reject: the body is optional (the spec sends none, which Fastify
 * hands over as null); a reason helps the producer.
 */
export const RejectOfferBodySchema = z
  .object({
    reason: safeString()
      .trim()
      .max(CANCELLATION_REASON_MAX, { error: OFFER_MESSAGES.cancellationReasonMaximum })
      .optional(),
  })
  .nullish();
export type RejectOfferBody = z.infer<typeof RejectOfferBodySchema>;

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
