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

/**
 * The proportion a medium's cover is drawn in (width × height, 400 wide): a book jacket or a
 * poster 2:3, a screenplay's US-letter title page, square podcast and app art, a game box 3:4.
 * Cards and the listing page size their cover boxes from it, so no cover is ever cropped.
 */
export const COVER_SIZES: Record<Medium, { width: number; height: number }> = {
  book: { width: 400, height: 600 },
  comic: { width: 400, height: 600 },
  short_film: { width: 400, height: 600 },
  television: { width: 400, height: 600 },
  stage: { width: 400, height: 600 },
  screenplay: { width: 400, height: 518 },
  game: { width: 400, height: 533 },
  podcast: { width: 400, height: 400 },
  digital_content: { width: 400, height: 400 },
  toy: { width: 400, height: 400 },
  other: { width: 400, height: 600 },
};

export function coverSizeOf(medium: string): { width: number; height: number } {
  return COVER_SIZES[medium as Medium] ?? COVER_SIZES.other;
}

export const LISTING_STATUSES = ['available', 'optioned', 'sold', 'withdrawn', 'draft'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Off the market for good (its agent's account was closed): kept only as a financial record. */
export const WITHDRAWN_STATUS = 'withdrawn' satisfies ListingStatus;
/** A listing saved by an agent whose application is not yet approved: not public. */
export const DRAFT_STATUS = 'draft' satisfies ListingStatus;
/**
 * Off the market: kept, but outside the catalogue, featured, statistics and the sitemap, and
 * a 404 on its page for everyone but its agent and the admins.
 */
export const HIDDEN_STATUSES: readonly ListingStatus[] = [WITHDRAWN_STATUS, DRAFT_STATUS];

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
export type Right = (typeof RIGHTS)[number];
/** How each right reads on screens and in the option agreement. */
export const RIGHT_LABELS: Record<Right, string> = {
  film: 'Film',
  tv: 'TV',
  streaming: 'Streaming',
  radio: 'Radio',
  stage: 'Stage',
  digital: 'Digital',
  merchandising: 'Merchandising',
  international: 'International',
};
export const EXCLUSIVITY = ['exclusive', 'non-exclusive', 'first-look'] as const;
export type Exclusivity = (typeof EXCLUSIVITY)[number];
export const EXCLUSIVITY_LABELS: Record<Exclusivity, string> = {
  exclusive: 'Exclusive',
  'non-exclusive': 'Non-exclusive',
  'first-look': 'First look',
};
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

/**
 * Catalogue orders. Without `sort`: relevance when searching, newest otherwise. Price sorts
 * on the top of the suggested range; viability highest first.
 */
export const CATALOGUE_SORTS = [
  'relevance',
  'newest',
  'price-high',
  'price-low',
  'viability',
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-high': 'Price: high to low',
  'price-low': 'Price: low to high',
  viability: 'Viability: highest first',
};

export const FEATURED_LIMIT = 6;
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_LOAD_MORE = 12;
export const CARD_TAG_LIMIT = 3;
export const PUBLIC_CACHE_SECONDS = 5 * 60;
