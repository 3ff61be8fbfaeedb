import { z } from 'zod';

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
  viabilityScore: z.number().int(),
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
