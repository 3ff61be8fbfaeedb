import { z } from 'zod';
import { safeString } from '@/shared/text';
import { CATALOGUE_SORTS, RIGHTS } from './listings.constants';

/** Pounds as a numeric string with two decimals ("25000.00"), as DESIGN.md fixes. */
export const PoundsSchema = z.string().regex(/^\d+\.\d{2}$/);

export const MediumDetailsSchema = z
  .object({
    publishedDate: z.string().optional(),
    averageRating: z.number().optional(),
    ratingsCount: z.number().optional(),
    commercialIndicators: z
      .object({
        hasCommercialSales: z.boolean().optional(),
        marketPresence: z.string().optional(),
      })
      .optional(),
  })
  .loose();

/** A listing as cards and lists see it (catalogue, featured, favourites). */
export const ListingCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  medium: z.string(),
  format: z.string().nullable(),
  status: z.string(),
  isFeatured: z.boolean(),
  coverImageUrl: z.string().nullable(),
  suggestedOfferMin: PoundsSchema.nullable(),
  suggestedOfferMax: PoundsSchema.nullable(),
  /** null: not scored yet, or too little data to score (never a default). */
  viabilityScore: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  agentName: z.string().nullable(),
  createdAt: z.string(),
});
export type ListingCard = z.infer<typeof ListingCardSchema>;

/** Every field the listing detail page shows. */
export const ListingDetailSchema = ListingCardSchema.extend({
  agentId: z.number().int().nullable(),
  synopsis: z.string().nullable(),
  logline: z.string().nullable(),
  subcategory: z.string().nullable(),
  contentType: z.string(),
  galleryImages: z.array(z.string()),
  publishDate: z.string().nullable(),
  publisher: z.string().nullable(),
  publicationStatus: z.string().nullable(),
  isbn: z.string().nullable(),
  edition: z.string().nullable(),
  wordCount: z.number().int().nullable(),
  rightsStatus: z.string().nullable(),
  authorBio: z.string().nullable(),
  targetAudience: z.string().nullable(),
  contentRating: z.string().nullable(),
  rightsAvailable: z.array(z.string()),
  territory: z.array(z.string()),
  exclusivity: z.string().nullable(),
  previousAdaptations: z.boolean(),
  adaptationDetails: z.string().nullable(),
  askingPrice: PoundsSchema.nullable(),
  minimumDeal: PoundsSchema.nullable(),
  currency: z.string(),
  royaltyPercentage: z.string().nullable(),
  negotiable: z.boolean(),
  salesFigures: z.string().nullable(),
  awards: z.string().nullable(),
  reviews: z.string().nullable(),
  socialMediaPresence: z.string().nullable(),
  attachedTalent: z.string().nullable(),
  productionCompanyInterest: z.string().nullable(),
  marketingMaterials: z.boolean(),
  themes: z.array(z.string()),
  keywords: z.array(z.string()),
  comparableTitles: z.string().nullable(),
  uniqueSellingPoints: z.string().nullable(),
  targetDemographic: z
    .object({
      ageRange: z.string().optional(),
      gender: z.string().optional(),
      income: z.string().optional(),
      interests: z.array(z.string()).optional(),
    })
    .nullable(),
  mediumDetails: MediumDetailsSchema.nullable(),
  twitterMentions: z.number().int().nullable(),
  twitterBuzzScore: z.number().int().nullable(),
  twitterHasVerifiedMentions: z.boolean().nullable(),
  twitterPublisherPromotion: z.boolean().nullable(),
  twitterBookClubMentions: z.number().int().nullable(),
  youtubeTotalViews: z.number().int().nullable(),
  youtubeVideoCount: z.number().int().nullable(),
  youtubeAdaptationPotential: z.number().int().nullable(),
  youtubePopularityScore: z.number().int().nullable(),
  updatedAt: z.string(),
  /** The agent's private notes: only in the answer to the listing's own agent. */
  agentNotes: z.string().nullable().optional(),
});
export type ListingDetail = z.infer<typeof ListingDetailSchema>;

/** GET /api/public/stats: money in pounds (numbers), counts as integers. */
export const PublicStatsSchema = z.object({
  totalValue: z.number(),
  bookCount: z.number().int(),
  agents: z.number().int(),
  totalROIPotential: z.number(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

/** A filter option with how many listings (matching the other filters) carry it. */
export const FacetSchema = z.object({ value: z.string(), count: z.number().int() });

const RIGHT_VALUES: ReadonlySet<string> = new Set(RIGHTS);

/** "film, tv,,stage" → ['film', 'tv', 'stage']: trimmed, empty items dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * GET /api/listings query (issue 4). Comma-separated lists for rights and territory.
 * Messages here are the ones a caller sees for a bad parameter (400).
 */
export const ListListingsQuerySchema = z.object({
  search: safeString().max(500, { error: 'Search must be at most 500 characters' }).optional(),
  medium: safeString().max(100, { error: 'medium must be at most 100 characters' }).optional(),
  genre: safeString().max(100, { error: 'genre must be at most 100 characters' }).optional(),
  priceRange: z
    .enum(['under-50k', '50k-100k', '100k-500k', 'over-500k'], {
      error: 'priceRange must be one of under-50k, 50k-100k, 100k-500k, over-500k',
    })
    .optional(),
  commercialViability: z
    .enum(['highly-viable', 'viable', 'cautionary', 'high-risk'], {
      error: 'commercialViability must be one of highly-viable, viable, cautionary, high-risk',
    })
    .optional(),
  featured: z.enum(['true', 'false']).optional(),
  status: z.enum(['available', 'optioned', 'sold']).optional(),
  rights: safeString()
    .max(200, { error: 'rights must be at most 200 characters' })
    .refine((value) => splitList(value).every((right) => RIGHT_VALUES.has(right)), {
      error: `rights must be a comma-separated list of ${RIGHTS.join(', ')}`,
    })
    .optional(),
  territory: safeString()
    .max(200, { error: 'territory must be at most 200 characters' })
    .optional(),
  exclusivity: z.enum(['exclusive', 'non-exclusive', 'first-look']).optional(),
  /**
   * Issue 29, "available for <media> in <territory>": the listing offers a cell with this
   * medium (and territory, when given) that no live deal holds.
   */
  availableMedia: z
    .enum(RIGHTS, { error: `availableMedia must be one of ${RIGHTS.join(', ')}` })
    .optional(),
  availableTerritory: safeString()
    .max(200, { error: 'availableTerritory must be at most 200 characters' })
    .optional(),
  sort: z
    .enum(CATALOGUE_SORTS, { error: `sort must be one of ${CATALOGUE_SORTS.join(', ')}` })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .default(24),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .default(0),
});
export type ListListingsQuery = z.infer<typeof ListListingsQuerySchema>;

export const ListListingsResponseSchema = z.object({
  items: z.array(ListingCardSchema),
  total: z.number().int(),
  facets: z.object({
    mediums: z.array(FacetSchema),
    genres: z.array(FacetSchema),
    rights: z.array(FacetSchema),
    territories: z.array(FacetSchema),
    exclusivity: z.array(FacetSchema),
  }),
});
export type ListListingsResponse = z.infer<typeof ListListingsResponseSchema>;

/**
 * `:id` of /api/listings/:id and /api/favorites/:id, read with `parseId` ('@/shared/ids'): a
 * value that is not a listing number is simply not found.
 */
export const ListingIdParamsSchema = z.object({ id: z.string() });
