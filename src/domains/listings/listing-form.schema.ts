import { z } from 'zod';
import { penceFromPounds } from '@/shared/money-input';
import { safeString } from '@/shared/text';
import { CONTENT_TYPES, EXCLUSIVITY, RIGHTS, type Medium } from './listings.constants';

/**
 * The agent's listing form (spec part 2 sections 3, 5 and 9; limits of part 1): one schema for
 * the six-tab form in the browser and for POST /api/listings and PUT /api/listings/{id}.
 */
/** Where an image uploaded through POST /api/listings/images is served. */
const UPLOADED_IMAGE_URL = /^\/uploads\/listing-images\/[a-z0-9-]+\.webp$/;
/** A generated cover or one of its variants (the demo catalogue's galleries). */
const GENERATED_IMAGE_URL = /^\/images\/covers\/\d+\.svg(\?variant=\d+)?$/;
export const GALLERY_IMAGES_MAX = 12;

export const LISTING_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 200 characters',
  authorRequired: 'Author is required',
  authorMax: 'Author must be at most 100 characters',
  synopsisMin: 'Synopsis must be at least 50 characters',
  synopsisMax: 'Synopsis must be at most 2000 characters',
  loglineMax: 'Logline must be at most 300 characters',
  authorBioMax: 'Author bio must be at most 1000 characters',
  agentNotesMax: 'Agent notes must be at most 500 characters',
  categoryRequired: 'Category is required',
  targetAudienceRequired: 'Target audience is required',
  rightsRequired: 'Select at least one right',
  territoryRequired: 'Add at least one territory',
  askingPriceMin: 'Asking price must be at least 1',
  minimumDealMin: 'Minimum deal must be at least 1',
  poundsFormat: 'Enter the amount in pounds as a number, such as 60000 or 60000.50',
  minimumAboveAsking: 'Minimum deal cannot be more than the asking price',
  countMin: 'Must be at least 1',
  galleryMax: 'A gallery holds at most 12 images',
  countMax: 'Must be at most 10,000,000',
  priceMax: 'Must be at most 20,000,000',
  royaltyRange: 'Royalty must be between 0 and 100',
  royaltyStep: 'Royalty takes at most one decimal place',
  chipEmpty: 'Enter a value',
  chipDuplicate: 'Already added',
  chipMax: 'At most 60 characters',
} as const;

export const CONTENT_RATINGS = ['G', 'PG', 'PG-13', 'R', 'NC-17', 'Not Rated'] as const;
export const PUBLICATION_STATUSES = [
  'published',
  'unpublished',
  'self-published',
  'in-production',
  'completed',
] as const;
export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export const TARGET_AUDIENCES = [
  'Adult',
  'Young Adult',
  'Teen',
  'Children',
  'Family',
  'All Ages',
] as const;

/** The catalogue's medium for the form's content type (cards, covers and search use medium). */
export const MEDIUM_BY_CONTENT_TYPE: Record<(typeof CONTENT_TYPES)[number], Medium> = {
  book: 'book',
  manuscript: 'book',
  script: 'screenplay',
  podcast: 'podcast',
  article: 'digital_content',
  other: 'other',
};

const M = LISTING_FORM_MESSAGES;

/** 12.5 has one decimal, 12.55 two; tolerant of binary floating point (0.29 * 100). */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const optionalText = (max: number, message?: string) =>
  safeString()
    .trim()
    .max(max, message ? { error: message } : undefined)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A chip list (themes, keywords): trimmed, non-empty, no duplicates (any case). */
const chipList = z
  .array(safeString().trim().min(1, { error: M.chipEmpty }).max(60, { error: M.chipMax }))
  .max(20)
  .default([])
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = item.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: M.chipDuplicate, path: [index] });
      seen.add(key);
    });
  });

const positiveCount = z
  .number({ error: M.countMin })
  .int({ error: M.countMin })
  .min(1, { error: M.countMin })
  .max(10_000_000, { error: M.countMax })
  .nullable()
  .optional();

/**
 * Pounds as typed: at least 1, at most two decimals, at most £20m (the suggested offer range
 * is stored in whole pence in 32-bit columns; no option in this market comes near it).
 */
const pounds = (minMessage: string) =>
  penceFromPounds({
    required: minMessage,
    format: M.poundsFormat,
    decimals: 'Use at most two decimal places',
    min: { pence: 100, message: minMessage },
    max: { pence: 2_000_000_000, message: M.priceMax },
  }).transform((pence) => pence / 100);

export const ListingFormSchema = z
  .object({
    // basic
    title: safeString({ error: M.titleRequired })
      .trim()
      .min(1, { error: M.titleRequired })
      .max(200, { error: M.titleMax }),
    author: safeString({ error: M.authorRequired })
      .trim()
      .min(1, { error: M.authorRequired })
      .max(100, { error: M.authorMax }),
    contentType: z.enum(CONTENT_TYPES).default('book'),
    category: safeString({ error: M.categoryRequired })
      .trim()
      .min(1, { error: M.categoryRequired })
      .max(100),
    subcategory: optionalText(100),
    // content
    synopsis: safeString({ error: M.synopsisMin })
      .trim()
      .min(50, { error: M.synopsisMin })
      .max(2000, { error: M.synopsisMax }),
    logline: optionalText(300, M.loglineMax),
    targetAudience: safeString({ error: M.targetAudienceRequired })
      .trim()
      .min(1, { error: M.targetAudienceRequired })
      .max(100),
    contentRating: z.enum(CONTENT_RATINGS).nullable().optional(),
    publicationStatus: z.enum(PUBLICATION_STATUSES),
    publisher: optionalText(200),
    publicationDate: z.iso.date().nullable().optional(),
    isbn: optionalText(20),
    edition: optionalText(100),
    pageCount: positiveCount,
    wordCount: positiveCount,
    authorBio: optionalText(1000, M.authorBioMax),
    // rights
    rightsAvailable: z.array(z.enum(RIGHTS)).min(1, { error: M.rightsRequired }),
    territory: z
      .array(safeString().trim().min(1).max(100))
      .min(1, { error: M.territoryRequired })
      .max(20),
    exclusivity: z.enum(EXCLUSIVITY),
    previousAdaptations: z.boolean().default(false),
    adaptationDetails: optionalText(1000),
    // commercial
    askingPrice: pounds(M.askingPriceMin),
    currency: z.enum(CURRENCIES).default('GBP'),
    minimumDeal: pounds(M.minimumDealMin).nullable().optional(),
    royaltyPercentage: z
      .number({ error: M.royaltyRange })
      .min(0, { error: M.royaltyRange })
      .max(100, { error: M.royaltyRange })
      .refine((value) => hasAtMostDecimals(value, 1), { error: M.royaltyStep })
      .nullable()
      .optional(),
    negotiable: z.boolean().default(true),
    salesFigures: optionalText(500),
    awards: optionalText(500),
    reviews: optionalText(1000),
    // marketing
    socialMediaPresence: optionalText(500),
    attachedTalent: optionalText(500),
    productionCompanyInterest: optionalText(500),
    marketingMaterials: z.boolean().default(false),
    comparableTitles: optionalText(500),
    uniqueSellingPoints: optionalText(1000),
    // metadata
    themes: chipList,
    keywords: chipList,
    agentNotes: optionalText(500, M.agentNotesMax),
    targetDemographic: z
      .object({
        ageRange: optionalText(50),
        gender: optionalText(50),
        income: optionalText(50),
        interests: chipList,
      })
      .nullable()
      .optional(),
    coverImageUrl: z.string().regex(UPLOADED_IMAGE_URL).nullable().optional(),
    /**
     * The gallery, in order: images uploaded through POST /api/listings/images, or the
     * generated cover variants a listing already had. Absent keeps the gallery as it is.
     */
    galleryImages: z
      .array(
        z.string().refine((url) => UPLOADED_IMAGE_URL.test(url) || GENERATED_IMAGE_URL.test(url), {
          error: 'Upload gallery images through the form',
        }),
      )
      .max(GALLERY_IMAGES_MAX, { error: M.galleryMax })
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (form.minimumDeal != null && form.minimumDeal > form.askingPrice) {
      ctx.addIssue({ code: 'custom', message: M.minimumAboveAsking, path: ['minimumDeal'] });
    }
  });

export type ListingFormInput = z.input<typeof ListingFormSchema>;
export type ListingForm = z.output<typeof ListingFormSchema>;

/** POST/PUT answers: the listing's id and status, what the agent should know, and the spec's message. */
export const ListingSavedResponseSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string(),
  /** Why the listing is not public yet, or what an edit means for open offers. */
  notices: z.array(z.string()),
});
export type ListingSavedResponse = z.infer<typeof ListingSavedResponseSchema>;

export const ListingDeletedResponseSchema = z.object({
  message: z.string(),
  /** deleted: gone; withdrawn: kept off the market because an accepted offer depends on it. */
  outcome: z.enum(['deleted', 'withdrawn']),
  releasedHolds: z.number().int(),
});
export type ListingDeletedResponse = z.infer<typeof ListingDeletedResponseSchema>;

export const LISTING_SAVED_MESSAGES = {
  created: 'IP listing created successfully and submitted for enrichment.',
  updated: 'IP listing updated successfully.',
  deleted: 'IP asset deleted successfully.',
  pendingAgent:
    'Your agent account is awaiting verification: this listing is saved as a draft and will be public once an administrator approves your application.',
  pendingOffers:
    'This listing has pending offers: producers offered against the previous price range, and their offers stand as made.',
} as const;
