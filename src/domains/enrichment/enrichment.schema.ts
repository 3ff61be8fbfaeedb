import { z } from 'zod';
import {
  BOOK_LISTINGS_PAGE_SIZE,
  BOOKS_SEARCH_MAX_RESULTS,
  GOOGLE_BOOKS_BATCH,
  TWITTER_BATCH,
  YOUTUBE_BATCH,
} from './enrichment.constants';

const batchSize = (limits: { min: number; max: number; default: number }) =>
  z
    .number({ error: 'Batch size must be a number' })
    .int({ error: 'Batch size must be a whole number' })
    .min(limits.min, { error: `Batch size must be between ${limits.min} and ${limits.max}` })
    .max(limits.max, { error: `Batch size must be between ${limits.min} and ${limits.max}` })
    .default(limits.default);

export const EnrichYouTubeBodySchema = z.object({ batchSize: batchSize(YOUTUBE_BATCH) }).default({
  batchSize: YOUTUBE_BATCH.default,
});
export const EnrichTwitterBodySchema = z.object({ batchSize: batchSize(TWITTER_BATCH) }).default({
  batchSize: TWITTER_BATCH.default,
});
export type EnrichBatchBody = z.infer<typeof EnrichYouTubeBodySchema>;

export const RunStatusSchema = z.enum(['queued', 'running', 'waiting_quota', 'done', 'failed']);
export type RunStatus = z.infer<typeof RunStatusSchema>;
export const ResultStatusSchema = z.enum(['enriched', 'no_match', 'ambiguous', 'error', 'skipped']);

/** POST /api/admin/enrich-youtube|enrich-twitter: the run it started (processed so far: 0). */
export const StartRunResponseSchema = z.object({
  runId: z.number().int(),
  status: RunStatusSchema,
  processed: z.number().int(),
  total: z.number().int(),
});
export type StartRunResponse = z.infer<typeof StartRunResponseSchema>;

export const RunResultSchema = z.object({
  listingId: z.number().int(),
  title: z.string(),
  status: ResultStatusSchema,
  message: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});
export type RunResult = z.infer<typeof RunResultSchema>;

export const EnrichmentRunSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  status: RunStatusSchema,
  batchSize: z.number().int(),
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  autoApply: z.boolean(),
  lastError: z.string().nullable(),
  resumeAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  results: z.array(RunResultSchema),
});
export type EnrichmentRun = z.infer<typeof EnrichmentRunSchema>;

const ServiceConfigSchema = z.object({
  isConfigured: z.boolean(),
  /** The environment variable that turns the service on. */
  setting: z.string(),
});
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

/** GET /api/admin/{youtube,twitter}-enrichment-status. */
export const EnrichmentStatusSchema = z.object({
  total: z.number().int(),
  enriched: z.number().int(),
  remaining: z.number().int(),
  percentage: z.number().int(),
  service: ServiceConfigSchema,
  lastRun: EnrichmentRunSchema.nullable(),
});
export type EnrichmentStatus = z.infer<typeof EnrichmentStatusSchema>;

/** GET /api/enrichment/services: which services are configured (the screens' first call). */
export const EnrichmentServicesSchema = z.object({
  googleBooks: ServiceConfigSchema,
  youtube: ServiceConfigSchema,
  twitter: ServiceConfigSchema,
});
export type EnrichmentServices = z.infer<typeof EnrichmentServicesSchema>;

export const BooksSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter a title, author or ISBN' })
    .trim()
    .min(1, { error: 'Enter a title, author or ISBN' })
    .max(200, { error: 'Search is at most 200 characters' }),
  maxResults: z.coerce
    .number({ error: `maxResults must be between 1 and ${BOOKS_SEARCH_MAX_RESULTS}` })
    .int({ error: `maxResults must be between 1 and ${BOOKS_SEARCH_MAX_RESULTS}` })
    .min(1, { error: `maxResults must be between 1 and ${BOOKS_SEARCH_MAX_RESULTS}` })
    .max(BOOKS_SEARCH_MAX_RESULTS, {
      error: `maxResults must be between 1 and ${BOOKS_SEARCH_MAX_RESULTS}`,
    })
    .default(BOOKS_SEARCH_MAX_RESULTS),
});

export const BookSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  authors: z.array(z.string()),
  publisher: z.string().optional(),
  publishedDate: z.string().optional(),
  description: z.string().optional(),
  pageCount: z.number().int().optional(),
  categories: z.array(z.string()),
  averageRating: z.number().optional(),
  ratingsCount: z.number().int().optional(),
  isbn10: z.string().optional(),
  isbn13: z.string().optional(),
  hasCover: z.boolean(),
});
export type Book = z.infer<typeof BookSchema>;

export const BooksSearchResponseSchema = z.object({ books: z.array(BookSchema) });

export const MarketPresenceSchema = z.enum(['high', 'medium', 'low']);

export const EnrichedDataSchema = z.object({
  averageRating: z.number().nullable(),
  pageCount: z.number().int().nullable(),
  publisher: z.string().nullable(),
  ratingsCount: z.number().int().nullable(),
  categories: z.array(z.string()),
  publishedDate: z.string().nullable(),
  hasCover: z.boolean(),
  commercialIndicators: z.object({
    marketPresence: MarketPresenceSchema,
    popularityScore: z.number().int(),
    hasCommercialSales: z.boolean(),
  }),
});
export type EnrichedData = z.infer<typeof EnrichedDataSchema>;

export const SuggestionSchema = z.object({
  field: z.enum(['coverImage', 'pageCount', 'genre', 'metadata']),
  message: z.string(),
  current: z.string().nullable(),
  suggested: z.string().nullable(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const MatchSchema = z.object({
  /** isbn: matched by the listing's ISBN; title_author: by title and author words. */
  method: z.enum(['isbn', 'title_author', 'chosen']),
  /** 0-100: how sure the match is. */
  confidence: z.number().int().min(0).max(100),
  isAmbiguous: z.boolean(),
  book: BookSchema,
});

/** GET /api/google-books/enrich/{listingId}. */
export const BookEnrichmentSchema = z.object({
  listingId: z.number().int(),
  match: MatchSchema.nullable(),
  /** Other candidates when the match is ambiguous (or low). */
  alternatives: z.array(BookSchema),
  enrichedData: EnrichedDataSchema.nullable(),
  suggestions: z.array(SuggestionSchema),
});
export type BookEnrichment = z.infer<typeof BookEnrichmentSchema>;

export const BookEnrichmentQuerySchema = z.object({
  /** Use this volume (one the admin picked from the search) instead of the automatic match. */
  volumeId: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'Not a Google Books volume id' })
    .optional(),
});

export const ApplyEnrichmentBodySchema = z.object({
  updateCoverImage: z.boolean().default(false),
  updatePageCount: z.boolean().default(false),
  updateGenre: z.boolean().default(false),
  addMetadata: z.boolean().default(false),
  volumeId: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'Not a Google Books volume id' })
    .optional(),
});
export type ApplyEnrichmentBody = z.infer<typeof ApplyEnrichmentBodySchema>;

export const ApplyEnrichmentResponseSchema = z.object({
  listingId: z.number().int(),
  applied: z.array(z.enum(['coverImage', 'pageCount', 'genre', 'metadata'])),
  coverImageUrl: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  genre: z.string().nullable(),
});
export type ApplyEnrichmentResponse = z.infer<typeof ApplyEnrichmentResponseSchema>;

export const BatchEnrichBodySchema = z.object({
  listingIds: z
    .array(z.number().int().min(1).max(2_147_483_647), { error: 'Choose the listings to enrich' })
    .min(GOOGLE_BOOKS_BATCH.min, { error: 'Choose at least one listing' })
    .max(GOOGLE_BOOKS_BATCH.max, {
      error: `A batch is at most ${GOOGLE_BOOKS_BATCH.max} listings`,
    }),
  autoApply: z.boolean().default(false),
});
export type BatchEnrichBody = z.infer<typeof BatchEnrichBodySchema>;

export const BatchSummarySchema = z.object({
  total: z.number().int(),
  totalProcessed: z.number().int(),
  enriched: z.number().int(),
  applied: z.number().int(),
  ambiguous: z.number().int(),
  noMatch: z.number().int(),
  errors: z.number().int(),
});

/** POST /api/google-books/batch-enrich and GET .../batch-enrich/{runId}. */
export const BatchEnrichResponseSchema = z.object({
  runId: z.number().int(),
  status: RunStatusSchema,
  lastError: z.string().nullable(),
  resumeAt: z.iso.datetime().nullable(),
  results: z.array(RunResultSchema),
  summary: BatchSummarySchema,
});
export type BatchEnrichResponse = z.infer<typeof BatchEnrichResponseSchema>;

export const BookListingsQuerySchema = z.object({
  search: z.string().trim().max(200, { error: 'Search is at most 200 characters' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be at least 1' })
    .max(10_000, { error: 'Page is too large' })
    .default(1),
  // With `page`, the API's paging convention also takes `limit` and `offset` (decision 019).
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int({ error: 'pageSize must be a whole number from 1 to 100' })
    .min(1, { error: 'pageSize must be a whole number from 1 to 100' })
    .max(100, { error: 'pageSize must be a whole number from 1 to 100' })
    .default(BOOK_LISTINGS_PAGE_SIZE),
});

export const BookListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  genre: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  enrichmentStatus: z.string().nullable(),
  /** When Google Books data was last applied (ISO), if ever. */
  enrichedAt: z.string().nullable(),
});
export type BookListing = z.infer<typeof BookListingSchema>;

export const BookListingsResponseSchema = z.object({
  listings: z.array(BookListingSchema),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type BookListingsResponse = z.infer<typeof BookListingsResponseSchema>;
