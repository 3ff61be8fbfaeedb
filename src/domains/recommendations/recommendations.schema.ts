import { z } from 'zod';
import { poundsText } from '@/shared/money-input';
import { safeString } from '@/shared/text';
import { ListingCardSchema, ListListingsQuerySchema } from '@/domains/listings/listings.schema';
import {
  FEEDBACK_MAX_LENGTH,
  MEANING_MAX_LENGTH,
  MEANING_MIN_LENGTH,
  RECOMMENDATIONS_LIMIT,
} from './recommendations.constants';

const PoundsOut = z.string().regex(/^\d+\.\d{2}$/);

export const RecommendationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be between 1 and ${RECOMMENDATIONS_LIMIT}` })
    .max(RECOMMENDATIONS_LIMIT, { error: `limit must be between 1 and ${RECOMMENDATIONS_LIMIT}` })
    .default(RECOMMENDATIONS_LIMIT),
  /** Listing ids not to show again, comma-separated. */
  excluded: z
    .string()
    .max(2000, { error: 'excluded must be at most 2000 characters' })
    .regex(/^(\d{1,9}(,\d{1,9})*)?$/, { error: 'excluded must be a comma-separated list of ids' })
    .optional(),
  /** The Refresh counter: above 0, titles already shown give way to fresh ones. */
  refresh: z.coerce
    .number({ error: 'refresh must be a number' })
    .int({ error: 'refresh must be a whole number' })
    .min(0, { error: 'refresh must not be negative' })
    .max(1_000_000, { error: 'refresh is too large' })
    .default(0),
});
export type RecommendationsQuery = z.infer<typeof RecommendationsQuerySchema>;

export const TasteProfileSchema = z.object({
  genres: z.array(z.string()),
  mediums: z.array(z.string()),
  budgetMin: PoundsOut.nullable(),
  budgetMax: PoundsOut.nullable(),
  /** True when the producer saved it; false when it was read from their activity. */
  isStated: z.boolean(),
});
export type TasteProfile = z.infer<typeof TasteProfileSchema>;

const BUDGET_MESSAGE = 'Enter an amount in pounds, under £10,000,000';
// A numeric string or a number, as every amount the API takes (src/shared/money-input.ts).
const poundsIn = poundsText(BUDGET_MESSAGE)
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: BUDGET_MESSAGE }))
  .nullable();

export const TasteProfileBodySchema = z
  .object({
    genres: z
      .array(safeString().trim().min(1).max(50, { error: 'A genre is at most 50 characters' }))
      .max(10, { error: 'Choose at most 10 genres' }),
    mediums: z
      .array(safeString().trim().min(1).max(50, { error: 'A medium is at most 50 characters' }))
      .max(11, { error: 'Choose at most 11 mediums' }),
    budgetMin: poundsIn,
    budgetMax: poundsIn,
  })
  .refine(
    (body) =>
      body.budgetMin === null ||
      body.budgetMax === null ||
      Number(body.budgetMin) <= Number(body.budgetMax),
    { error: 'The lowest budget must not be above the highest', path: ['budgetMax'] },
  );
export type TasteProfileBody = z.infer<typeof TasteProfileBodySchema>;

export const RecommendationSignalsSchema = z.object({
  offers: z.number().int(),
  favourites: z.number().int(),
  views: z.number().int(),
  searches: z.number().int(),
  feedback: z.number().int(),
  notMyMarket: z.number().int(),
});

export const RecommendationSchema = z.object({
  listing: ListingCardSchema,
  /**
   * 1-99: the match badge, calibrated (server/match-score.ts): the share of the titles this
   * producer chose that this title is closer to their taste than.
   */
  score: z.number().int().min(0).max(100),
  reasoning: z.string(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const RecommendationsResponseSchema = z.object({
  recommendations: z.array(RecommendationSchema),
  /** The available listings actually compared with the producer's taste. */
  totalAnalyzed: z.number().int(),
  profile: TasteProfileSchema,
  signals: RecommendationSignalsSchema,
  /** The latest titles marked 'Not My Market' (they and their three nearest are lowered). */
  notMyMarket: z.array(z.object({ listingId: z.number().int(), title: z.string() })),
  /** True when the producer has no activity yet: results come from profile text and popularity. */
  isColdStart: z.boolean(),
  /** Why these results, in a sentence (e.g. the cold start explained). */
  note: z.string().nullable(),
});
export type RecommendationsResponse = z.infer<typeof RecommendationsResponseSchema>;

export const ProgressResponseSchema = z.object({
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

export const FeedbackBodySchema = z.object({
  listingId: z
    .number({ error: 'listingId must be a number' })
    .int({ error: 'listingId must be a whole number' })
    .positive({ error: 'listingId must be positive' })
    .max(2_147_483_647, { error: 'listingId is too large' }),
  rating: z.union([z.literal(5), z.literal(1)], { error: 'rating must be 5 or 1' }),
  feedback: safeString()
    .max(FEEDBACK_MAX_LENGTH, {
      error: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`,
    })
    .optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackResponseSchema = z.object({ message: z.string() });

export const SimilarListingSchema = z.object({
  listing: ListingCardSchema,
  /** 0-100. */
  similarity: z.number().int().min(0).max(100),
});
export const SimilarListingsResponseSchema = z.object({ items: z.array(SimilarListingSchema) });
export type SimilarListingsResponse = z.infer<typeof SimilarListingsResponseSchema>;

/** Search by meaning: the catalogue's filters (every one honoured) plus the describing words. */
export const MeaningSearchQuerySchema = ListListingsQuerySchema.omit({
  sort: true,
  search: true,
}).extend({
  meaning: safeString()
    .trim()
    .min(MEANING_MIN_LENGTH, {
      error: `Describe what you want in at least ${MEANING_MIN_LENGTH} characters`,
    })
    .max(MEANING_MAX_LENGTH, {
      error: `Describe what you want in at most ${MEANING_MAX_LENGTH} characters`,
    }),
});
export type MeaningSearchQuery = z.infer<typeof MeaningSearchQuerySchema>;

export const MeaningSearchResponseSchema = z.object({
  items: z.array(ListingCardSchema),
  /** Ranked results available (at most the pool size). */
  total: z.number().int(),
});
export type MeaningSearchResponse = z.infer<typeof MeaningSearchResponseSchema>;
