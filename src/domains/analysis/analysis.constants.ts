/** The spec's numbers for commercial analysis (part 1 section 9, part 2 section 9). */

/** Bumped whenever the engine's rules or data change: every stored analysis then goes stale. */
export const ENGINE_VERSION = '2.0.0';

/** Viability bands (part 1 section 9), the standard view's tier names. */
export const VIABILITY_TIERS = [
  { min: 85, tier: 'Highly Viable', enhancedTier: 'Greenlight Ready' },
  { min: 70, tier: 'Viable', enhancedTier: 'Strong Potential' },
  { min: 50, tier: 'Cautionary', enhancedTier: 'Moderate Risk' },
  { min: 0, tier: 'High Risk', enhancedTier: 'High Risk' },
] as const;

/** Score labels (part 1 section 9). */
export const VIABILITY_LABELS = [
  { min: 85, label: 'Exceptional Potential' },
  { min: 70, label: 'Strong Viability' },
  { min: 55, label: 'Moderate Appeal' },
  { min: 0, label: 'Emerging Potential' },
] as const;

/** Price tiers by suggestedOfferMax in pounds (part 1 section 9): strictly above each bound. */
export const PRICE_TIERS = [
  { above: 100_000, tier: 'Premium' },
  { above: 50_000, tier: 'Professional' },
  { above: 25_000, tier: 'Commercial' },
  { above: 10_000, tier: 'Standard' },
] as const;
export const LOWEST_PRICE_TIER = 'Emerging';

/** Book page-count adjustments to the medium score (part 1 section 9). */
export const PAGE_ADJUSTMENTS = {
  sweetSpot: { min: 200, max: 400, points: 5 },
  short: { under: 100, points: -10 },
  long: { over: 500, points: -5 },
} as const;

/** ROI multiple (part 1 section 9): base 2.5, adjusted by score and genre, capped at 5. */
export const ROI_BASE_MULTIPLE = 2.5;
export const ROI_CAP = 5;
/** The score at which the base holds, and the points per 0.1 of multiple (as the home stats). */
export const ROI_BASE_SCORE = 75;
export const ROI_POINTS_PER_STEP = 10;

/** Fewer comparable films than this and a figure says 'Insufficient data'. */
export const MIN_COMPARABLES = 5;
/** Comparables shown: all in the standard view (up to 10), the first 3 in the enhanced view. */
export const STANDARD_COMPARABLES = 10;
export const ENHANCED_COMPARABLES = 3;
/**
 * A theatrical film breaks even at about 2.5× its production budget in worldwide gross
 * (exhibitors keep about half the box office; prints and advertising cost about the budget
 * again). A stated assumption of the engine, shown in the basis of every figure that uses it.
 */
export const BREAK_EVEN_MULTIPLE = 2.5;

/** Part 2 section 9: dashboard limits, search page size, score filters. */
export const DASHBOARD_LIMITS = [3, 5, 10] as const;
export const DEFAULT_DASHBOARD_LIMIT = 5;
export const SEARCH_PAGE_SIZE = 20;
export const NO_ANALYSES_FOUND = 'No analyses found matching your criteria.';

export const MARKET_SIZES = ['small', 'medium', 'large'] as const;
export type MarketSize = (typeof MARKET_SIZES)[number];
export const PRODUCTION_COMPLEXITIES = ['low', 'medium', 'high'] as const;
export type ProductionComplexity = (typeof PRODUCTION_COMPLEXITIES)[number];
export const ROI_POTENTIALS = ['low', 'medium', 'high'] as const;
export type RoiPotential = (typeof ROI_POTENTIALS)[number];

/** The browser keeps an analysis 10 minutes (part 1 section 9). */
export const ANALYSIS_CACHE_MS = 10 * 60_000;

/** The spec's labelled audience defaults (part 1 section 3), shown only as genre defaults. */
export const AUDIENCE_DEFAULTS = {
  size: 2_500_000,
  confidence: 'Medium',
  basis: 'Genre Analysis',
  primaryAge: '25-44 years',
  genderSplit: '60% Female / 40% Male',
  socioeconomic: 'Middle to Upper-Middle Class',
  geography: ['UK', 'US', 'Australia', 'Canada'],
  reachability: 75,
  engagement: 82,
  monetisation: 68,
} as const;
