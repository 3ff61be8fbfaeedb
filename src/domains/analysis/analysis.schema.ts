/**
 * The commercial analysis API's shapes, shared by the routes and the browser. Every figure is
 * a `Figure`: its value, what it rests on (inputs, number of comparable films, formula, the
 * years of data) and how sure it is, or 'Insufficient data' with the reason.
 */
import { z } from 'zod';
import {
  DASHBOARD_LIMITS,
  DEFAULT_DASHBOARD_LIMIT,
  MARKET_SIZES,
  PRODUCTION_COMPLEXITIES,
  ROI_POTENTIALS,
  SEARCH_PAGE_SIZE,
} from './analysis.constants';

export const INSUFFICIENT_DATA = 'Insufficient data';

export const FigureUnitSchema = z.enum([
  'score',
  'usd',
  'gbp',
  'percent',
  'probability',
  'multiple',
  'count',
  'months',
  'text',
  'list',
]);
export type FigureUnit = z.infer<typeof FigureUnitSchema>;

export const BasisSchema = z.object({
  inputs: z.array(z.object({ label: z.string(), value: z.string() })),
  /** How many comparable films the figure rests on; null when it rests on none. */
  comparables: z.number().int().nullable(),
  formula: z.string(),
  /** The years of market data behind the figure ("1915–2010"); null when none was used. */
  dataRange: z.string().nullable(),
});
export type Basis = z.infer<typeof BasisSchema>;

export const FigureSchema = z.object({
  /** value: computed; default: the spec's labelled genre default; insufficient: no value. */
  kind: z.enum(['value', 'default', 'insufficient']),
  value: z.union([z.number(), z.string(), z.array(z.string())]).nullable(),
  unit: FigureUnitSchema,
  basis: BasisSchema,
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  /** Why the figure is missing, or what a default stands for. */
  note: z.string().nullable(),
});
export type Figure = z.infer<typeof FigureSchema>;

export const ComparableFilmSchema = z.object({
  title: z.string(),
  year: z.number().int(),
  genre: z.string().nullable(),
  source: z.string().nullable(),
  /** 0-100: how close the film is to the listing (genre, source, era, rating). */
  similarity: z.number(),
  /** 'High' | 'Medium' | 'Low' from similarity. */
  relevance: z.string(),
  /** Worldwide gross and budget in today's dollars. */
  actualGross: z.number().nullable(),
  budget: z.number().nullable(),
  multiple: z.number().nullable(),
  /** Why the film was chosen for this title ('same source (Based on Book/Short Story)'). */
  reasons: z.array(z.string()).default([]),
});
export type ComparableFilm = z.infer<typeof ComparableFilmSchema>;

const BandOutcomeSchema = z.object({
  tier: z.string(),
  from: z.number(),
  to: z.number(),
  films: z.number().int(),
  recouped: z.number().nullable(),
  medianMultiple: z.number().nullable(),
});

/** How the score was reached and how well the method predicts (the method page and the PDF). */
export const MethodSchema = z.object({
  definition: z.string(),
  /** Share of all films that recouped, 0–100: where the parts start from. */
  base: z.number(),
  parts: z.array(
    z.object({ name: z.string(), points: z.number(), why: z.string(), measured: z.boolean() }),
  ),
  low: z.number(),
  high: z.number(),
  confidence: z.enum(['high', 'medium', 'low']),
  confidenceWhy: z.string(),
  wouldRaise: z.array(z.string()),
  namedComparables: z.object({ found: z.array(z.string()), missing: z.array(z.string()) }),
  money: z.string(),
  backtest: z.object({
    runOn: z.string(),
    films: z.number().int(),
    heldOutYears: z.string(),
    spearman: z.number(),
    baselineSpearman: z.number(),
    brier: z.number(),
    baselineBrier: z.number(),
    calibrationError: z.number(),
    bands: z.array(BandOutcomeSchema),
  }),
});
export type Method = z.infer<typeof MethodSchema>;

const ScenarioSchema = z.object({ gross: FigureSchema, probability: z.number() });

export const AnalysisSchema = z.object({
  listingId: z.number().int(),
  engineVersion: z.string(),
  inputHash: z.string(),
  computedAt: z.string(),
  dataRange: z.string(),
  sources: z.array(z.string()),
  viabilityScore: FigureSchema,
  method: MethodSchema,
  /** Standard view tier and label; null when the score is 'Insufficient data'. */
  tier: z.string().nullable(),
  label: z.string().nullable(),
  priceTier: z.string(),
  static: z.object({
    genreScore: FigureSchema,
    mediumScore: FigureSchema,
    lengthBonus: FigureSchema,
    modelScore: FigureSchema,
  }),
  aiScores: z.object({
    marketAppeal: FigureSchema,
    adaptationFit: FigureSchema,
    financialOutlook: FigureSchema,
    riskProfile: FigureSchema,
    franchiseUpside: FigureSchema,
    marketTiming: FigureSchema,
  }),
  forecasting: z.object({
    confidenceLevel: FigureSchema,
    accuracyFactors: z.object({
      dataQuality: FigureSchema,
      marketVolatility: FigureSchema,
      genreStability: FigureSchema,
    }),
    scenarios: z.object({
      conservative: ScenarioSchema,
      expected: ScenarioSchema,
      optimistic: ScenarioSchema,
    }),
    comparableFilms: z.array(ComparableFilmSchema),
    comparablesCount: z.number().int(),
    comparablesRule: z.string(),
  }),
  audience: z.object({
    size: FigureSchema,
    demographics: z.object({
      primaryAge: FigureSchema,
      genderSplit: FigureSchema,
      socioeconomic: FigureSchema,
      geography: FigureSchema,
    }),
    marketPotential: z.object({
      reachability: FigureSchema,
      engagement: FigureSchema,
      monetisation: FigureSchema,
    }),
    platformInterest: FigureSchema,
  }),
  financial: z.object({
    productionBudget: FigureSchema,
    breakEvenGross: FigureSchema,
    forecastGross: FigureSchema,
    forecastMargin: FigureSchema,
    roiMultiple: FigureSchema,
    platformOptionPrice: FigureSchema,
  }),
  gates: z.array(
    z.object({ name: z.string(), passed: z.boolean().nullable(), reason: z.string() }),
  ),
  recommendations: z.array(z.string()),
  enhanced: z.object({
    tier: z.string().nullable(),
    confidenceLevel: FigureSchema,
    publicationRecency: FigureSchema,
    talent: z.object({
      authorRecognition: FigureSchema,
      previousAdaptations: FigureSchema,
      awards: FigureSchema,
    }),
    social: z.object({
      contentMentions: FigureSchema,
      buzzScore: FigureSchema,
      videoViews: FigureSchema,
      viralPotential: FigureSchema,
    }),
    streaming: z.object({ demandScore: FigureSchema, platformSuitability: FigureSchema }),
    content: z.object({
      adaptationComplexity: FigureSchema,
      franchisePotential: FigureSchema,
      targetRating: FigureSchema,
      themes: FigureSchema,
    }),
    financial: z.object({
      budgetLow: FigureSchema,
      budgetExpected: FigureSchema,
      budgetHigh: FigureSchema,
      paybackPeriod: FigureSchema,
      irr: FigureSchema,
      expectedNet: FigureSchema,
    }),
    risk: z.object({
      overallRisk: FigureSchema,
      factors: z.array(z.object({ name: z.string(), figure: FigureSchema })),
      mitigationStrategies: z.array(z.string()),
    }),
  }),
  /** The categorical summary the search filters and the dashboard cards read. */
  summary: z.object({
    marketSize: z.enum(MARKET_SIZES).nullable(),
    productionComplexity: z.enum(PRODUCTION_COMPLEXITIES).nullable(),
    roiPotential: z.enum(ROI_POTENTIALS).nullable(),
    /** 0-100, higher is safer (part 2 risk labels: 70+ Low, 50+ Moderate, else High). */
    riskScore: z.number().nullable(),
    targetDemographic: z.string(),
    keyInsights: z.array(z.string()),
    recommendedAction: z.string(),
  }),
});
export type Analysis = z.infer<typeof AnalysisSchema>;

export const AnalysisParamsSchema = z.object({ listingId: z.string() });
export const AnalysisQuerySchema = z.object({
  refresh: z.enum(['true', 'false']).optional(),
});
export const EnhancedAnalysisQuerySchema = z.object({
  listingId: z.string({ error: 'listingId is required' }),
  refresh: z.enum(['true', 'false']).optional(),
});

const limitSchema = z.coerce
  .number({ error: `limit must be one of ${DASHBOARD_LIMITS.join(', ')}` })
  .refine((value) => (DASHBOARD_LIMITS as readonly number[]).includes(value), {
    error: `limit must be one of ${DASHBOARD_LIMITS.join(', ')}`,
  });

export const BatchQuerySchema = z.object({
  limit: limitSchema.default(DEFAULT_DASHBOARD_LIMIT),
  genre: z.string().trim().max(100).optional(),
  medium: z.string().trim().max(50).optional(),
  /** The spec's refresh counter: accepted and ignored (it only busts the browser's cache). */
  refresh: z.string().max(20).optional(),
});
export type BatchQuery = z.infer<typeof BatchQuerySchema>;

const scoreFilter = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number from 0 to 100` })
    .int({ error: `${name} must be a whole number from 0 to 100` })
    .min(0, { error: `${name} must be from 0 to 100` })
    .max(100, { error: `${name} must be from 0 to 100` })
    .optional();

export const SearchQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: `limit must be from 1 to ${SEARCH_PAGE_SIZE}` })
      .int()
      .min(1, { error: `limit must be from 1 to ${SEARCH_PAGE_SIZE}` })
      .max(SEARCH_PAGE_SIZE, { error: `limit must be from 1 to ${SEARCH_PAGE_SIZE}` })
      .default(SEARCH_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'offset must be a whole number, 0 or more' })
      .int()
      .min(0, { error: 'offset must be a whole number, 0 or more' })
      .max(100_000, { error: 'offset must be at most 100000' })
      .default(0),
    minScore: scoreFilter('minScore'),
    maxScore: scoreFilter('maxScore'),
    marketSize: z
      .enum(MARKET_SIZES, { error: `marketSize must be one of ${MARKET_SIZES.join(', ')}` })
      .optional(),
    productionComplexity: z
      .enum(PRODUCTION_COMPLEXITIES, {
        error: `productionComplexity must be one of ${PRODUCTION_COMPLEXITIES.join(', ')}`,
      })
      .optional(),
    roiPotential: z
      .enum(ROI_POTENTIALS, { error: `roiPotential must be one of ${ROI_POTENTIALS.join(', ')}` })
      .optional(),
  })
  .refine(
    (query) =>
      query.minScore === undefined ||
      query.maxScore === undefined ||
      query.minScore <= query.maxScore,
    {
      error: 'minScore must not be above maxScore',
      path: ['minScore'],
    },
  );
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const ListingRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  genre: z.string().nullable(),
  medium: z.string(),
});

/** Part 2 section 3: commercial analysis (batch). */
export const BatchItemSchema = z.object({
  listing: ListingRefSchema,
  commercialScore: z.number().int(),
  marketAppeal: z.object({ score: z.number().nullable(), demographic: z.string() }),
  adaptationPotential: z.object({ score: z.number().nullable(), mediumSuitability: z.string() }),
  revenueProjections: z.object({
    score: z.number().nullable(),
    roiPotential: z.string().nullable(),
    marketComparables: z.number().int(),
    monetizationMethods: z.array(z.string()),
  }),
  riskAssessment: z.object({ score: z.number().nullable() }),
  keyInsights: z.array(z.string()),
  recommendedAction: z.string(),
  dataRange: z.string(),
});
export type BatchItem = z.infer<typeof BatchItemSchema>;
export const BatchResponseSchema = z.object({
  analyses: z.array(BatchItemSchema),
  totalAnalyzed: z.number().int(),
});
export type BatchResponse = z.infer<typeof BatchResponseSchema>;

/** Part 2 section 3: search result adds the filterable summary. */
export const SearchItemSchema = BatchItemSchema.extend({
  listingId: z.number().int(),
  marketSize: z.string().nullable(),
  productionComplexity: z.string().nullable(),
  roiPotential: z.string().nullable(),
  riskScore: z.number().nullable(),
  targetDemographic: z.string(),
  lastAnalyzedAt: z.string(),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;
export const SearchResponseSchema = z.object({
  results: z.array(SearchItemSchema),
  totalAnalyzed: z.number().int(),
  totalFound: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const AnalysisRunSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AnalysisRun = z.infer<typeof AnalysisRunSchema>;

export const AnalysisStatusSchema = z.object({
  engineVersion: z.string(),
  listings: z.number().int(),
  analysed: z.number().int(),
  current: z.number().int(),
  stale: z.number().int(),
  failed: z.number().int(),
  missing: z.number().int(),
  insufficient: z.number().int(),
  distribution: z.array(
    z.object({ band: z.string(), from: z.number(), to: z.number(), count: z.number().int() }),
  ),
  run: AnalysisRunSchema.nullable(),
  dataRange: z.string(),
  sources: z.array(z.string()),
  cleaning: z.array(
    z.object({ rule: z.string(), rows: z.number().int(), examples: z.array(z.string()) }),
  ),
  films: z.number().int(),
});
export type AnalysisStatus = z.infer<typeof AnalysisStatusSchema>;
