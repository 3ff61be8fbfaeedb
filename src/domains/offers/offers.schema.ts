import { z } from 'zod';
import { safeString } from '@/shared/text';
import { ListingCardSchema, PoundsSchema } from '@/domains/listings/listings.schema';
import { IdParamSchema, parseId } from '@/shared/ids';
import { poundsToPence } from '@/shared/money';
import { poundsText } from '@/shared/money-input';
import { EXCLUSIVITY, RIGHTS } from '@/domains/listings/listings.constants';
import {
  CREDIT_MAX,
  EXTENSION_PERIODS,
  TERM_KINDS,
  TERM_PARTIES,
  TERRITORIES_MAX,
  TERRITORY_MAX,
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
  choosePart:
    'Part of this listing is already optioned: choose the media and territories your offer covers.',
} as const;

// A numeric string or a number, as every amount the API takes (src/shared/money-input.ts).
const offerPriceText = poundsText(OFFER_MESSAGES.offerPriceRequired).pipe(
  z.string().min(1, { error: OFFER_MESSAGES.offerPriceRequired }),
);

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

export const TERM_MESSAGES = {
  purchasePriceFormat: 'Enter the purchase price in pounds, with at most two decimal places',
  purchasePercentFormat:
    'Enter the purchase price as a percentage of the budget above 0 and at most 100, with at most two decimal places',
  purchaseFloorFormat: 'Enter the purchase price floor in pounds, with at most two decimal places',
  purchaseCapFormat: 'Enter the purchase price cap in pounds, with at most two decimal places',
  purchaseSumAndPercent:
    'Give the purchase price as a sum or as a percentage of the budget, not both',
  purchaseFloorWithoutPercent:
    'A floor or a cap applies only to a purchase price given as a percentage of the budget',
  purchaseFloorAboveCap: 'The purchase price floor must not be above its cap',
  extensionFeeFormat: 'Enter the extension fee in pounds, with at most two decimal places',
  extensionPeriodInvalid: 'Extension period must be 0, 6, 12, 18 or 24 months',
  territoryRequired: 'Choose at least one territory',
  mediaRequired: 'Choose at least one medium',
  mediaInvalid: `Media must be among ${RIGHTS.join(', ')}`,
  exclusivityInvalid: `Exclusivity must be one of ${EXCLUSIVITY.join(', ')}`,
  creditTooLong: `Credit must be at most ${CREDIT_MAX} characters`,
  nothingChanged: 'Change at least one term to make a counter-offer',
  notYourTurn: 'It is not your turn to answer this offer',
} as const;

/** A list of the spec's media values (the listing form's rightsAvailable), at least one. */
const MediaListSchema = z
  .array(z.enum(RIGHTS, { error: TERM_MESSAGES.mediaInvalid }), {
    error: TERM_MESSAGES.mediaRequired,
  })
  .min(1, { error: TERM_MESSAGES.mediaRequired })
  .max(RIGHTS.length, { error: TERM_MESSAGES.mediaInvalid });

/** Territories as the listing names them (the listing form's territory list). */
const TerritoryListSchema = z
  .array(
    safeString({ error: TERM_MESSAGES.territoryRequired })
      .trim()
      .min(1, { error: TERM_MESSAGES.territoryRequired })
      .max(TERRITORY_MAX, { error: `A territory must be at most ${TERRITORY_MAX} characters` }),
    { error: TERM_MESSAGES.territoryRequired },
  )
  .min(1, { error: TERM_MESSAGES.territoryRequired })
  .max(TERRITORIES_MAX, { error: `At most ${TERRITORIES_MAX} territories` });

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
  /**
   * The part of the listing's rights the offer covers (issue 29): media × territories, each
   * within what the listing offers (territories in any case). Left out: all the listing's
   * media, or all its territories; both left out, the whole listing while none of it is taken.
   */
  media: MediaListSchema.optional(),
  territories: TerritoryListSchema.optional(),
});
export type CreateOfferBodyInput = z.input<typeof CreateOfferBodySchema>;
export type CreateOfferBody = z.output<typeof CreateOfferBodySchema>;

/** POST /api/offers as the server reads it: the same body, the price parsed once into pence. */
export const CreateOfferRequestSchema = CreateOfferBodySchema.extend({
  offerPrice: OfferPricePenceSchema,
}).transform(({ offerPrice, media, territories, ...body }) => ({
  ...body,
  offerPricePence: offerPrice,
  // One spelling per right and per territory, in the order given; null when left out.
  media: media ? [...new Set(media)] : null,
  territories: territories ? [...new Set(territories)] : null,
}));
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

/** The terms of one version as the API answers them (pounds as strings, rights as lists). */
export const TermsSchema = z.object({
  offerPrice: PoundsSchema,
  optionPeriod: z.number().int(),
  /** The purchase price as a sum, or null (then perhaps a percentage of the budget). */
  purchasePrice: PoundsSchema.nullable(),
  /** A percentage of the production budget, two decimals ("1.50"), with its floor and cap. */
  purchasePricePercent: z.string().nullable(),
  purchasePriceFloor: PoundsSchema.nullable(),
  purchasePriceCap: PoundsSchema.nullable(),
  extensionMonths: z.number().int(),
  extensionFee: PoundsSchema.nullable(),
  media: z.array(z.enum(RIGHTS)),
  territories: z.array(z.string()),
  exclusivity: z.enum(EXCLUSIVITY).nullable(),
  credit: z.string().nullable(),
  extraRightsRequest: z.string().nullable(),
  fundCompetition: z.boolean(),
  fundNotes: z.string().nullable(),
});
export type Terms = z.infer<typeof TermsSchema>;

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
  /**
   * The term sheet as it stands (its current version): what was last proposed, by whom, and
   * whether it is agreed. `offerPrice` above is the producer's committed fee (what the hold
   * covers); while the agent's counter waits, `terms.offerPrice` is the counter's fee.
   */
  terms: TermsSchema.extend({
    version: z.number().int(),
    proposedBy: z.enum(TERM_PARTIES),
    kind: z.enum(TERM_KINDS),
  }),
  /** What the listing offers: the bounds of every counter (a counter may only narrow them). */
  listingRights: z.object({
    media: z.array(z.enum(RIGHTS)),
    territories: z.array(z.string()),
    exclusivity: z.enum(EXCLUSIVITY).nullable(),
  }),
  /** The amount held on the producer's card now (null when no hold is live). */
  heldAmount: PoundsSchema.nullable(),
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
  /** Withdrawn by the producer or expired: every offer counts somewhere (issue 28). */
  closed: z.number().int(),
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

// ---------------------------------------------------------------------------------------------
// Negotiation: versioned term sheets, counters and answers (issue 19, decision 016).

/** The largest purchase price (or extension fee) a term sheet may name: £20,000,000. */
export const MAX_TERM_PENCE = 2_000_000_000;

/** An optional amount in pounds (not charged, so not bound by the card maximum). */
const optionalPounds = (message: string) =>
  z
    .union([poundsText(message), z.null()])
    .optional()
    .transform((value, ctx): number | null => {
      const text = value ?? '';
      if (text === '') return null;
      const pence = poundsToPence(text);
      if (pence === null || pence < 0 || pence > MAX_TERM_PENCE) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return pence;
    });

/** '1.5' (per cent of the production budget) → 150 basis points; at most two decimals. */
const optionalPercent = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx): number | null => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') return null;
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message: TERM_MESSAGES.purchasePercentFormat });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  });

/**
 * A term sheet as a counter-offer proposes it (the agent's counter, the producer's counter
 * back): every term as data. Media and territories must lie within what the listing offers
 * (checked on the server, which knows the listing). `notes` is the message sent with it: it
 * is shown in the negotiation, never a term, never a clause of the agreement.
 */
export const TermSheetBodySchema = z.object({
  offerPrice: OfferPriceSchema,
  optionPeriod: OptionPeriodSchema,
  purchasePrice: z.union([z.string(), z.null()]).optional(),
  purchasePricePercent: z.union([z.string(), z.null()]).optional(),
  purchasePriceFloor: z.union([z.string(), z.null()]).optional(),
  purchasePriceCap: z.union([z.string(), z.null()]).optional(),
  extensionMonths: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, ctx) => {
      const months = value === undefined || value === '' ? 0 : Number(value);
      if (!(EXTENSION_PERIODS as readonly number[]).includes(months)) {
        ctx.addIssue({ code: 'custom', message: TERM_MESSAGES.extensionPeriodInvalid });
        return z.NEVER;
      }
      return months;
    }),
  extensionFee: z.union([z.string(), z.null()]).optional(),
  /** Left out: as they stand in the version answered (a counter that only re-prices). */
  media: MediaListSchema.optional(),
  territories: TerritoryListSchema.optional(),
  exclusivity: z.enum(EXCLUSIVITY, { error: TERM_MESSAGES.exclusivityInvalid }).nullish(),
  credit: safeString()
    .trim()
    .max(CREDIT_MAX, { error: TERM_MESSAGES.creditTooLong })
    .nullish()
    .transform((value) => (value ? value : null)),
  extraRightsRequest: optionalText,
  fundCompetition: z.boolean().default(false),
  fundNotes: optionalText,
  notes: optionalText,
});
export type TermSheetBodyInput = z.input<typeof TermSheetBodySchema>;

/** The same body as the server reads it: every amount parsed once into pence. */
export const TermSheetRequestSchema = TermSheetBodySchema.extend({
  offerPrice: OfferPricePenceSchema,
  purchasePrice: optionalPounds(TERM_MESSAGES.purchasePriceFormat),
  purchasePricePercent: optionalPercent,
  purchasePriceFloor: optionalPounds(TERM_MESSAGES.purchaseFloorFormat),
  purchasePriceCap: optionalPounds(TERM_MESSAGES.purchaseCapFormat),
  extensionFee: optionalPounds(TERM_MESSAGES.extensionFeeFormat),
})
  .superRefine((body, ctx) => {
    const percent = body.purchasePricePercent;
    if (body.purchasePrice !== null && percent !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['purchasePricePercent'],
        message: TERM_MESSAGES.purchaseSumAndPercent,
      });
    }
    if (percent === null && (body.purchasePriceFloor !== null || body.purchasePriceCap !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['purchasePriceFloor'],
        message: TERM_MESSAGES.purchaseFloorWithoutPercent,
      });
    }
    if (
      body.purchasePriceFloor !== null &&
      body.purchasePriceCap !== null &&
      body.purchasePriceFloor > body.purchasePriceCap
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['purchasePriceCap'],
        message: TERM_MESSAGES.purchaseFloorAboveCap,
      });
    }
  })
  .transform(
    ({
      offerPrice,
      purchasePrice,
      purchasePricePercent,
      purchasePriceFloor,
      purchasePriceCap,
      extensionFee,
      fundCompetition,
      fundNotes,
      exclusivity,
      media,
      territories,
      ...rest
    }) => ({
      ...rest,
      offerPricePence: offerPrice,
      purchasePricePence: purchasePrice,
      purchasePricePercentBp: purchasePricePercent,
      purchasePriceFloorPence: purchasePriceFloor,
      purchasePriceCapPence: purchasePriceCap,
      extensionFeePence: extensionFee,
      // One spelling per right and per territory, in the order given.
      media: media ? [...new Set(media)] : null,
      territories: territories ? [...new Set(territories)] : null,
      exclusivity: exclusivity ?? null,
      fundCompetition,
      fundNotes: fundCompetition ? fundNotes : null,
    }),
  );
export type TermSheetRequest = z.output<typeof TermSheetRequestSchema>;

export const TermChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TermChange = z.infer<typeof TermChangeSchema>;

/** One version of an offer's term sheet, with what changed from the version before. */
export const TermVersionSchema = TermsSchema.extend({
  version: z.number().int(),
  proposedBy: z.enum(TERM_PARTIES),
  kind: z.enum(TERM_KINDS),
  authorName: z.string().nullable(),
  /** The message sent with this version (not a term). */
  notes: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(TermChangeSchema),
});
export type TermVersion = z.infer<typeof TermVersionSchema>;

/** GET /api/offers/{id}/terms: every version, oldest first, and the offer's timeline. */
/** One event of an offer's timeline (decision 016), from the rows that record it. */
export const OFFER_TIMELINE_KINDS = [
  'created',
  'authorised',
  'countered',
  'counter_accepted',
  'reauthorised',
  'released',
  'accepted',
  'captured',
  'agreement_issued',
  'signed',
] as const;
export const OfferTimelineEventSchema = z.object({
  kind: z.enum(OFFER_TIMELINE_KINDS),
  at: z.string(),
  by: z.enum(TERM_PARTIES).nullable(),
  amount: PoundsSchema.nullable(),
});
export type OfferTimelineEvent = z.infer<typeof OfferTimelineEventSchema>;

export const OfferTermsResponseSchema = z.object({
  offerId: z.number().int(),
  status: OfferStatusSchema,
  currentVersion: z.number().int(),
  versions: z.array(TermVersionSchema),
  /** The card holds behind the offer, oldest first (amount, what became of each). */
  holds: z.array(
    z.object({
      version: z.number().int(),
      amount: PoundsSchema,
      status: z.enum(['placing', 'held', 'captured', 'released']),
    }),
  ),
  agreement: z
    .object({
      sha256: z.string(),
      createdAt: z.string(),
      producerSignedAt: z.string().nullable(),
      agentSignedAt: z.string().nullable(),
      /** The digitally signed final PDF, once both have signed (decision 016). */
      signedSha256: z.string().nullable(),
      signedAt: z.string().nullable(),
    })
    .nullable(),
  /** What happened, oldest first: offer, holds, counters, acceptance, capture, signatures. */
  timeline: z.array(OfferTimelineEventSchema),
});
export type OfferTermsResponse = z.infer<typeof OfferTermsResponseSchema>;

/**
 * POST /api/offers/{id}/counter and /accept-counter: the offer, and the client secret of the
 * new card hold when the price changed (null when the held amount still stands).
 */
export const NegotiationResponseSchema = z.object({
  offer: OfferSchema,
  clientSecret: z.string().nullable(),
});
export type NegotiationResponse = z.infer<typeof NegotiationResponseSchema>;
