/** The spec's numbers for the catalogue (part 1 sections 5 and 9). */
export const MEDIUMS = [
  'book',
  'short_film',
  'toy',
  'game',
  'screenplay',
  'television',
  'podcast',
  'digital_content',
  'comic',
  'stage',
  'other',
] as const;
export type Medium = (typeof MEDIUMS)[number];

export const MEDIUM_LABELS: Record<Medium, string> = {
  book: 'Book',
  short_film: 'Short Film',
  toy: 'Toy',
  game: 'Game',
  screenplay: 'Screenplay',
  television: 'Television',
  podcast: 'Podcast',
  digital_content: 'Digital Content',
  comic: 'Comic',
  stage: 'Stage',
  other: 'Other',
};

export const LISTING_STATUSES = ['available', 'optioned', 'sold', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Off the market for good (its agent's account was closed): kept only as a financial record. */
export const WITHDRAWN_STATUS = 'withdrawn' satisfies ListingStatus;

export const RIGHTS = [
  'film',
  'tv',
  'streaming',
  'radio',
  'stage',
  'digital',
  'merchandising',
  'international',
] as const;
export const EXCLUSIVITY = ['exclusive', 'non-exclusive', 'first-look'] as const;
export const CONTENT_TYPES = [
  'book',
  'script',
  'manuscript',
  'podcast',
  'article',
  'other',
] as const;

/** Price bands on suggestedOfferMax, in pounds: [min inclusive, max exclusive). */
export const PRICE_RANGES = {
  'under-50k': { label: 'Under £50k', min: null, max: 50_000 },
  '50k-100k': { label: '£50k - £100k', min: 50_000, max: 100_000 },
  '100k-500k': { label: '£100k - £500k', min: 100_000, max: 500_000 },
  'over-500k': { label: 'Over £500k', min: 500_000, max: null },
} as const;
export type PriceRange = keyof typeof PRICE_RANGES;

/** Viability bands on viabilityScore: [min inclusive, max inclusive]. */
export const VIABILITY_BANDS = {
  'highly-viable': { label: 'Highly Viable (85+)', min: 85, max: 100 },
  viable: { label: 'Viable (70-84)', min: 70, max: 84 },
  cautionary: { label: 'Cautionary (50-69)', min: 50, max: 69 },
  'high-risk': { label: 'High Risk (<50)', min: 0, max: 49 },
} as const;
export type ViabilityBand = keyof typeof VIABILITY_BANDS;

export const FEATURED_LIMIT = 6;
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_LOAD_MORE = 12;
export const CARD_TAG_LIMIT = 3;
export const PUBLIC_CACHE_SECONDS = 5 * 60;
