import { createHash } from 'node:crypto';
import {
  BREAK_EVEN_MULTIPLE,
  ENGINE_VERSION,
  MIN_COMPARABLES,
  STANDARD_COMPARABLES,
  AUDIENCE_DEFAULTS,
} from '../../analysis.constants';
import {
  enhancedTier,
  pageCountAdjustment,
  priceTier,
  roiMultiple,
  viabilityLabel,
  viabilityScore,
  viabilityTier,
} from '../../analysis.rules';
import type { Analysis, ComparableFilm, Figure } from '../../analysis.schema';
import type { MarketFilm } from '../market/clean-movies';
import { CPI_BASE_YEAR, CPI_SOURCE } from '../market/cpi-u.constants';
import type { MarketData } from '../market/market-data';
import {
  confidenceFor,
  genreDefault,
  insufficient,
  numberOf,
  tooFewComparables,
  valueFigure,
  type Inputs,
} from './figure';
import { describeGenreRule, isOfGenre, isOfSource, sourcesOf } from './film-matching';
import { mean, median, quantile, round, share } from './stats';

/** The listing fields the engine reads (and hashes). Money in pence, as stored. */
export interface EngineListing {
  id: number;
  title: string;
  genre: string | null;
  medium: string;
  pages: number | null;
  publishDate: string | null;
  status: string;
  suggestedOfferMaxPence: number | null;
  awards: string | null;
  salesFigures: string | null;
  previousAdaptations: boolean;
  averageRating: number | null;
  ratingsCount: number | null;
  /** Where the ratings came from when enrichment supplied them ('Google Books on 2026-11-24'). */
  ratingsSource: string | null;
  twitterMentions: number | null;
  twitterBuzzScore: number | null;
  youtubeTotalViews: number | null;
  youtubePopularityScore: number | null;
  youtubeAdaptationPotential: number | null;
  contentRating: string | null;
  themes: string[];
  targetDemographic: { ageRange?: string; gender?: string; income?: string } | null;
}

/** The platform's own market for the listing and its genre (counts of real activity). */
export interface PlatformActivity {
  listing: { views: number; favourites: number; offers: number };
  genre: {
    listings: number;
    views: number;
    favourites: number;
    offers: number;
    /** Accepted offers' prices in the genre, in pence, ascending. */
    acceptedOptionPricesPence: number[];
  };
}

export interface EngineInputs {
  listing: EngineListing;
  activity: PlatformActivity;
  /** The year "today" is in (publication recency); part of the inputs, so of the hash. */
  asOfYear: number;
}

/** sha256 of the canonical JSON of every input the engine reads, with the engine version. */
export function computeInputHash(inputs: EngineInputs, market: MarketData): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  const payload = JSON.stringify(
    canonical({
      engineVersion: ENGINE_VERSION,
      inputs,
      market: {
        films: market.films.length,
        dataRange: market.dataRange,
        applied: market.report.applied,
      },
    }),
  );
  return createHash('sha256').update(payload).digest('hex');
}

const usd = (value: number) => `$${(value / 1_000_000).toFixed(1)}M`;
const pct = (value: number) => `${Math.round(value * 100)}%`;
const ratio = (film: MarketFilm) =>
  film.budget && film.worldwideGross !== null ? film.worldwideGross / film.budget : null;

/**
 * Market-wide figures and film groups depend only on the (immutable) market data and the
 * group's key, so they are computed once per market table: the engine stays a pure function.
 */
const memos = new WeakMap<MarketData, Map<string, unknown>>();
function memo<T>(market: MarketData, key: string, compute: () => T): T {
  let table = memos.get(market);
  if (!table) {
    table = new Map();
    memos.set(market, table);
  }
  if (!table.has(key)) table.set(key, compute());
  return table.get(key) as T;
}

/** How many of the ascending values are at most `limit` (binary search). */
function countAtMost(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Films with both a budget and a gross, and their gross-to-budget ratios. */
function withRatios(films: readonly MarketFilm[]) {
  return films.filter((film) => ratio(film) !== null);
}

function describeListing(listing: EngineListing): Inputs {
  return [
    ['Genre', listing.genre],
    ['Medium', listing.medium],
  ];
}

/**
 * The analysis engine: a pure function of the listing, the cleaned market data and the
 * platform's activity figures. Same inputs, same answer (the caller adds the time and hash).
 */
export function analyseListing(
  inputs: EngineInputs,
  market: MarketData,
): Omit<Analysis, 'computedAt' | 'inputHash'> {
  const { listing, activity } = inputs;
  const range = market.dataRange;
  const films = market.films;
  const matched = describeGenreRule(listing.genre);
  const sources = sourcesOf(listing.medium);
  const sourceLabel = sources.length > 0 ? sources.join(', ') : 'no film source type';

  // --- The three groups of films: the genre's, the medium's source type's, and both (comparables).
  const genreKey = (listing.genre ?? '').trim().toLowerCase();
  const genreFilms = memo(market, `genre:${genreKey}`, () =>
    films.filter((film) => isOfGenre(film, listing.genre)),
  );
  const sourceFilms = memo(market, `source:${listing.medium}`, () =>
    films.filter((film) => isOfSource(film, listing.medium)),
  );
  const comparables = memo(market, `comparables:${genreKey}|${listing.medium}`, () =>
    genreFilms.filter((film) => isOfSource(film, listing.medium)),
  );
  const allRated = memo(market, 'allRated', () => withRatios(films));
  const genreRated = memo(market, `genreRated:${genreKey}`, () => withRatios(genreFilms));
  const sourceRated = memo(market, `sourceRated:${listing.medium}`, () => withRatios(sourceFilms));
  const compRated = withRatios(comparables);
  const compGross = comparables.flatMap((film) =>
    film.worldwideGrossToday === null ? [] : [film.worldwideGrossToday],
  );
  const compBudget = comparables.flatMap((film) =>
    film.budgetToday === null ? [] : [film.budgetToday],
  );
  const multiplesOf = (list: readonly MarketFilm[]) =>
    list.flatMap((film) => (film.multiple === null ? [] : [film.multiple]));
  const allMedianMultiple = memo(
    market,
    'allMedianMultiple',
    () => median(multiplesOf(films)) ?? 1,
  );
  const comparablesRule = `Films whose genre is one of: ${matched}; and whose source is one of: ${sourceLabel}`;
  const n = compRated.length;
  const compInputs: Inputs = [
    ...describeListing(listing),
    ['Films matched for the genre', matched],
    ['Film source types for the medium', sourceLabel],
  ];

  const recoup = (list: readonly MarketFilm[]) => share(list, (film) => (ratio(film) ?? 0) >= 1);

  // --- Static scores.
  const genreScore: Figure =
    genreRated.length >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round((recoup(genreRated) ?? 0) * 100),
          unit: 'score',
          inputs: [
            ['Genre', listing.genre],
            ['Films matched', matched],
          ],
          comparables: genreRated.length,
          formula:
            '100 × share of the genre’s films whose worldwide gross reached their production budget',
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: listing.genre ? tooFewComparables(genreRated.length) : 'the listing has no genre',
          inputs: [
            ['Genre', listing.genre],
            ['Films matched', matched],
          ],
          comparables: genreRated.length,
          formula:
            '100 × share of the genre’s films whose worldwide gross reached their production budget',
          dataRange: range,
        });

  const pageAdjustment = pageCountAdjustment(listing.medium, listing.pages);
  const mediumFormula =
    '100 × share of films adapted from this source type whose worldwide gross reached their production budget';
  const mediumScore: Figure =
    sourceRated.length >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round((recoup(sourceRated) ?? 0) * 100),
          unit: 'score',
          inputs: [
            ['Medium', listing.medium],
            ['Film source types', sourceLabel],
          ],
          comparables: sourceRated.length,
          formula: mediumFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason:
            sources.length === 0
              ? `no film source type stands for the medium '${listing.medium}'`
              : tooFewComparables(sourceRated.length),
          inputs: [
            ['Medium', listing.medium],
            ['Film source types', sourceLabel],
          ],
          comparables: sourceRated.length,
          formula: mediumFormula,
          dataRange: range,
        });
  const lengthBonus = valueFigure({
    value: pageAdjustment,
    unit: 'score',
    inputs: [
      ['Medium', listing.medium],
      ['Pages', listing.pages],
    ],
    formula:
      'Books: +5 for 200–400 pages, −10 under 100, −5 over 500; 0 otherwise (spec part 1 §9)',
    confidence: listing.pages === null && listing.medium === 'book' ? 'low' : 'high',
  });

  // --- Model sub-scores.
  const adaptationFit: Figure =
    n >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round((recoup(compRated) ?? 0) * 100),
          unit: 'score',
          inputs: compInputs,
          comparables: n,
          formula:
            '100 × share of comparable adaptations whose worldwide gross reached their budget',
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          inputs: compInputs,
          comparables: n,
          formula:
            '100 × share of comparable adaptations whose worldwide gross reached their budget',
          dataRange: range,
        });

  const compMedianMultiple = median(multiplesOf(compRated));
  const outlookFormula =
    'Index: 50 × median gross-to-budget multiple of the comparables ÷ median multiple of all films (capped at 100; 50 = the market’s typical film)';
  const financialOutlook: Figure =
    n >= MIN_COMPARABLES && compMedianMultiple !== null
      ? valueFigure({
          value: Math.min(100, Math.round((50 * compMedianMultiple) / allMedianMultiple)),
          unit: 'score',
          inputs: [
            ...compInputs,
            ['Comparables’ median multiple', `${round(compMedianMultiple, 2)}×`],
            ['All films’ median multiple', `${round(allMedianMultiple, 2)}×`],
          ],
          comparables: n,
          formula: outlookFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          inputs: compInputs,
          comparables: n,
          formula: outlookFormula,
          dataRange: range,
        });

  const heavyLoss = share(compRated, (film) => (ratio(film) ?? 0) < 0.5);
  const riskFormula =
    'Risk: 100 × share of comparables whose worldwide gross was under half their budget';
  const riskProfile: Figure =
    n >= MIN_COMPARABLES && heavyLoss !== null
      ? valueFigure({
          value: Math.round(heavyLoss * 100),
          unit: 'score',
          inputs: compInputs,
          comparables: n,
          formula: riskFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          inputs: compInputs,
          comparables: n,
          formula: riskFormula,
          dataRange: range,
        });

  const breakoutAll = memo(
    market,
    'breakoutAll',
    () => share(allRated, (film) => (ratio(film) ?? 0) >= 5) ?? 0,
  );
  const breakoutComp = share(compRated, (film) => (ratio(film) ?? 0) >= 5);
  const franchiseFormula =
    'Index: 50 × share of comparables grossing 5× their budget or more ÷ that share among all films (capped at 100)';
  const franchiseUpside: Figure =
    n >= MIN_COMPARABLES && breakoutComp !== null && breakoutAll > 0
      ? valueFigure({
          value: Math.min(100, Math.round((50 * breakoutComp) / breakoutAll)),
          unit: 'score',
          inputs: [
            ...compInputs,
            ['Comparables grossing 5×+', pct(breakoutComp)],
            ['All films grossing 5×+', pct(breakoutAll)],
          ],
          comparables: n,
          formula: franchiseFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          inputs: compInputs,
          comparables: n,
          formula: franchiseFormula,
          dataRange: range,
        });

  const signals: Array<[string, number]> = [];
  if (listing.averageRating !== null && (listing.ratingsCount ?? 0) > 0) {
    signals.push(['Reader rating (out of 5) × 20', Math.round(listing.averageRating * 20)]);
  }
  if (listing.twitterBuzzScore !== null)
    signals.push(['Social buzz score', listing.twitterBuzzScore]);
  if (listing.youtubePopularityScore !== null) {
    signals.push(['Video popularity score', listing.youtubePopularityScore]);
  }
  const appealFormula =
    'Mean of the listing’s audience signals on a 0–100 scale: reader rating × 20, social buzz, video popularity';
  const appealInputs: Inputs = [
    ['Average rating', listing.averageRating],
    ['Ratings count', listing.ratingsCount],
    ...(listing.ratingsSource ? [['Ratings from', listing.ratingsSource] as [string, string]] : []),
    ['Social buzz score', listing.twitterBuzzScore],
    ['Video popularity score', listing.youtubePopularityScore],
  ];
  const marketAppeal: Figure =
    signals.length > 0
      ? valueFigure({
          value: Math.round(mean(signals.map(([, value]) => value))!),
          unit: 'score',
          inputs: appealInputs,
          formula: appealFormula,
          confidence: signals.length >= 3 ? 'high' : signals.length === 2 ? 'medium' : 'low',
        })
      : insufficient({
          unit: 'score',
          reason: 'the listing has no reader ratings, social or video figures yet',
          inputs: appealInputs,
          formula: appealFormula,
        });

  const genreEvents = activity.genre.favourites + activity.genre.offers;
  const listingEvents = activity.listing.favourites + activity.listing.offers;
  const genrePerListing = activity.genre.listings > 0 ? genreEvents / activity.genre.listings : 0;
  const timingFormula =
    'Index: 50 × (this listing’s favourites + offers + 1) ÷ (the genre’s mean per listing + 1), capped at 100; 50 = the genre’s typical listing';
  const timingInputs: Inputs = [
    ['This listing’s favourites', activity.listing.favourites],
    ['This listing’s offers', activity.listing.offers],
    ['Genre listings on the platform', activity.genre.listings],
    ['Genre favourites + offers', genreEvents],
  ];
  const marketTiming: Figure =
    genreEvents >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.min(100, Math.round((50 * (listingEvents + 1)) / (genrePerListing + 1))),
          unit: 'score',
          inputs: timingInputs,
          formula: timingFormula,
          confidence: confidenceFor(genreEvents),
        })
      : insufficient({
          unit: 'score',
          reason: `the platform has ${genreEvents} favourites and offers in this genre; at least ${MIN_COMPARABLES} are needed`,
          inputs: timingInputs,
          formula: timingFormula,
        });

  const modelParts: Array<[string, Figure, boolean]> = [
    ['Adaptation fit', adaptationFit, false],
    ['Financial outlook', financialOutlook, false],
    ['Lower risk (100 − risk profile)', riskProfile, true],
    ['Franchise upside', franchiseUpside, false],
    ['Market appeal', marketAppeal, false],
    ['Platform demand', marketTiming, false],
  ];
  const modelValues = modelParts.flatMap(([label, figure, invert]) => {
    const value = numberOf(figure);
    return value === null ? [] : [[label, invert ? 100 - value : value] as [string, number]];
  });
  const modelFormula =
    'Mean of the available sub-scores (risk inverted); needs adaptation fit and at least one other';
  const modelScore: Figure =
    numberOf(adaptationFit) !== null && modelValues.length >= 2
      ? valueFigure({
          value: Math.round(mean(modelValues.map(([, value]) => value))!),
          unit: 'score',
          inputs: modelValues.map(([label, value]) => [label, value]),
          comparables: n,
          formula: modelFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason:
            numberOf(adaptationFit) === null
              ? tooFewComparables(n)
              : 'only one sub-score could be computed',
          inputs: modelValues.map(([label, value]) => [label, value]),
          comparables: n,
          formula: modelFormula,
          dataRange: range,
        });

  const genreValue = numberOf(genreScore);
  const mediumValue = numberOf(mediumScore);
  const modelValue = numberOf(modelScore);
  const scoreFormula =
    '(genre score + (medium score + page adjustment, kept within 0–100) + model score) ÷ 3, rounded (spec part 1 §9)';
  const scoreInputs: Inputs = [
    ['Genre score', genreValue],
    ['Medium score', mediumValue],
    ['Page adjustment', pageAdjustment],
    ['Model score', modelValue],
  ];
  const lowest = [genreScore, mediumScore, modelScore]
    .map((figure) => figure.confidence)
    .reduce<'high' | 'medium' | 'low'>(
      (worst, c) =>
        c === 'low' || worst === 'low'
          ? 'low'
          : c === 'medium' || worst === 'medium'
            ? 'medium'
            : 'high',
      'high',
    );
  const score =
    genreValue !== null && mediumValue !== null && modelValue !== null
      ? viabilityScore({
          genreScore: genreValue,
          mediumScore: mediumValue,
          pageAdjustment,
          modelScore: modelValue,
        })
      : null;
  const viability: Figure =
    score !== null
      ? valueFigure({
          value: score,
          unit: 'score',
          inputs: scoreInputs,
          comparables: n,
          formula: scoreFormula,
          dataRange: range,
          confidence: lowest,
        })
      : insufficient({
          unit: 'score',
          reason: [
            genreValue === null ? 'genre score' : null,
            mediumValue === null ? 'medium score' : null,
            modelValue === null ? 'model score' : null,
          ]
            .filter(Boolean)
            .join(', ')
            .concat(' could not be computed'),
          inputs: scoreInputs,
          comparables: n,
          formula: scoreFormula,
          dataRange: range,
        });

  // --- Forecasting.
  const nGross = compGross.length;
  const scenario = (q: number, name: string) => {
    const formula = `${Math.round(q * 100)}th percentile of the comparables’ worldwide gross in ${CPI_BASE_YEAR} dollars; probability = share of comparables that reached at least it`;
    const value = nGross >= MIN_COMPARABLES ? quantile(compGross, q) : null;
    if (value === null) {
      return {
        gross: insufficient({
          unit: 'usd',
          reason: tooFewComparables(nGross),
          inputs: compInputs,
          comparables: nGross,
          formula,
          dataRange: range,
        }),
        probability: 0,
      };
    }
    return {
      gross: valueFigure({
        value: Math.round(value),
        unit: 'usd',
        inputs: [...compInputs, ['Scenario', name]],
        comparables: nGross,
        formula,
        dataRange: range,
      }),
      probability: round(share(compGross, (gross) => gross >= value) ?? 0, 2),
    };
  };
  const confidencePercent = Math.round((100 * n) / (n + 15));
  const confidenceLevel = valueFigure({
    value: confidencePercent,
    unit: 'percent',
    inputs: compInputs,
    comparables: n,
    formula:
      '100 × n ÷ (n + 15), n = comparables with budget and gross: more films, more confidence',
    dataRange: range,
  });
  const dataQuality =
    comparables.length > 0
      ? valueFigure({
          value: Math.round((100 * n) / comparables.length),
          unit: 'percent',
          inputs: [
            ['Comparables', comparables.length],
            ['With budget and gross', n],
          ],
          comparables: comparables.length,
          formula: '100 × comparables with both budget and worldwide gross ÷ all comparables',
          dataRange: range,
        })
      : insufficient({
          unit: 'percent',
          reason: tooFewComparables(0),
          formula: 'share of comparables with both figures',
          dataRange: range,
        });
  const compMultiples = multiplesOf(compRated);
  const iqr = (quantile(compMultiples, 0.75) ?? 0) - (quantile(compMultiples, 0.25) ?? 0);
  const volatilityFormula =
    'min(100, 50 × interquartile range ÷ median of the comparables’ gross-to-budget multiples)';
  const marketVolatility: Figure =
    compMultiples.length >= MIN_COMPARABLES && compMedianMultiple
      ? valueFigure({
          value: Math.min(100, Math.round((50 * iqr) / compMedianMultiple)),
          unit: 'score',
          inputs: [
            ['Interquartile range', `${round(iqr, 2)}×`],
            ['Median multiple', `${round(compMedianMultiple, 2)}×`],
          ],
          comparables: compMultiples.length,
          formula: volatilityFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(compMultiples.length),
          formula: volatilityFormula,
          dataRange: range,
        });
  const recent = genreRated.filter((film) => film.year > 2000);
  const earlier = genreRated.filter((film) => film.year <= 2000);
  const stabilityFormula = '100 − |recoup rate of the genre’s films after 2000 − before| × 100';
  const genreStability: Figure =
    recent.length >= MIN_COMPARABLES && earlier.length >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round(100 - Math.abs((recoup(recent) ?? 0) - (recoup(earlier) ?? 0)) * 100),
          unit: 'score',
          inputs: [
            ['Recoup rate after 2000', pct(recoup(recent) ?? 0)],
            ['Recoup rate to 2000', pct(recoup(earlier) ?? 0)],
          ],
          comparables: genreRated.length,
          formula: stabilityFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(Math.min(recent.length, earlier.length)),
          formula: stabilityFormula,
          dataRange: range,
        });

  const comparableFilms: ComparableFilm[] = comparables
    .map((film) => {
      const era = film.year > 2000 ? 20 : film.year > 1990 ? 10 : 0;
      const rating = listing.contentRating && film.mpaaRating === listing.contentRating ? 10 : 0;
      const figures = film.worldwideGrossToday !== null && film.budgetToday !== null ? 10 : 0;
      const similarity = 60 + era + rating + figures;
      return {
        title: film.title,
        year: film.year,
        genre: film.majorGenre ?? film.creativeType,
        source: film.source,
        similarity,
        relevance: similarity >= 85 ? 'High' : similarity >= 70 ? 'Medium' : 'Low',
        actualGross: film.worldwideGrossToday,
        budget: film.budgetToday,
        multiple: film.multiple,
      };
    })
    .sort(
      (a, b) => b.similarity - a.similarity || b.year - a.year || a.title.localeCompare(b.title),
    )
    .slice(0, STANDARD_COMPARABLES);

  // --- Financial.
  const budgetValue = compBudget.length >= MIN_COMPARABLES ? median(compBudget) : null;
  const budgetFormula = `Median production budget of the comparables, in ${CPI_BASE_YEAR} dollars (${CPI_SOURCE})`;
  const productionBudget: Figure =
    budgetValue !== null
      ? valueFigure({
          value: Math.round(budgetValue),
          unit: 'usd',
          inputs: compInputs,
          comparables: compBudget.length,
          formula: budgetFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'usd',
          reason: tooFewComparables(compBudget.length),
          inputs: compInputs,
          comparables: compBudget.length,
          formula: budgetFormula,
          dataRange: range,
        });
  const breakEvenFormula = `Budget × ${BREAK_EVEN_MULTIPLE} (assumption: exhibitors keep about half the gross, and prints and advertising cost about the budget again)`;
  const breakEven = budgetValue !== null ? budgetValue * BREAK_EVEN_MULTIPLE : null;
  const breakEvenGross: Figure =
    breakEven !== null
      ? valueFigure({
          value: Math.round(breakEven),
          unit: 'usd',
          inputs: [['Production budget', usd(budgetValue!)]],
          comparables: compBudget.length,
          formula: breakEvenFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'usd',
          reason: 'no production budget estimate',
          formula: breakEvenFormula,
          dataRange: range,
        });
  const forecastValue = nGross >= MIN_COMPARABLES ? median(compGross) : null;
  const forecastGross = scenario(0.5, 'expected').gross;
  const marginFormula = '(forecast gross − break-even gross) ÷ forecast gross';
  const forecastMargin: Figure =
    forecastValue !== null && breakEven !== null && forecastValue > 0
      ? valueFigure({
          value: Math.round(((forecastValue - breakEven) / forecastValue) * 100),
          unit: 'percent',
          inputs: [
            ['Forecast gross', usd(forecastValue)],
            ['Break-even gross', usd(breakEven)],
          ],
          comparables: n,
          formula: marginFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'percent',
          reason: 'no forecast gross or break-even estimate',
          formula: marginFormula,
          dataRange: range,
        });
  const genreMedianMultiple = memo(market, `genreMedianMultiple:${genreKey}`, () =>
    median(multiplesOf(genreRated)),
  );
  const genreFactor = genreMedianMultiple !== null ? genreMedianMultiple / allMedianMultiple : null;
  const roiFormula =
    '(2.5 + (score − 75) ÷ 10) × genre factor, between 0 and 5; genre factor = genre’s median multiple ÷ all films’ median multiple (spec part 1 §9)';
  const roi = score !== null && genreFactor !== null ? roiMultiple(score, genreFactor) : null;
  const roiMultipleFigure: Figure =
    roi !== null
      ? valueFigure({
          value: roi,
          unit: 'multiple',
          inputs: [
            ['Viability score', score],
            ['Genre factor', round(genreFactor!, 2)],
          ],
          comparables: genreRated.length,
          formula: roiFormula,
          dataRange: range,
          confidence: viability.confidence ?? 'low',
        })
      : insufficient({
          unit: 'multiple',
          reason: 'no viability score or genre factor',
          formula: roiFormula,
          dataRange: range,
        });
  const prices = activity.genre.acceptedOptionPricesPence;
  const priceFormula =
    'Median price of accepted option offers on PageToScreen for listings of this genre';
  const platformOptionPrice: Figure =
    prices.length >= 3
      ? valueFigure({
          value: Math.round(median(prices)! / 100),
          unit: 'gbp',
          inputs: [
            ['Genre', listing.genre],
            ['Accepted offers', prices.length],
          ],
          formula: priceFormula,
          confidence: confidenceFor(prices.length),
        })
      : insufficient({
          unit: 'gbp',
          reason: `${prices.length} accepted offer${prices.length === 1 ? '' : 's'} in this genre on the platform; at least 3 are needed`,
          inputs: [['Genre', listing.genre]],
          formula: priceFormula,
        });

  // --- Audience: the listing's own demographic, else the spec's labelled genre defaults.
  const demo = listing.targetDemographic ?? {};
  const fromListing = (value: string | undefined, fallback: string, label: string): Figure =>
    value
      ? valueFigure({
          value,
          unit: 'text',
          inputs: [[label, value]],
          formula: 'As the agent describes the target audience',
          confidence: 'medium',
        })
      : genreDefault(fallback, 'text');
  const views = activity.listing.views;
  const audience = {
    size: genreDefault(AUDIENCE_DEFAULTS.size, 'count'),
    demographics: {
      primaryAge: fromListing(demo.ageRange, AUDIENCE_DEFAULTS.primaryAge, 'Target age range'),
      genderSplit: fromListing(demo.gender, AUDIENCE_DEFAULTS.genderSplit, 'Target gender'),
      socioeconomic: fromListing(demo.income, AUDIENCE_DEFAULTS.socioeconomic, 'Target income'),
      geography: genreDefault(AUDIENCE_DEFAULTS.geography, 'list'),
    },
    marketPotential: {
      reachability: genreDefault(AUDIENCE_DEFAULTS.reachability, 'score'),
      engagement: genreDefault(AUDIENCE_DEFAULTS.engagement, 'score'),
      monetisation: genreDefault(AUDIENCE_DEFAULTS.monetisation, 'score'),
    },
    platformInterest: valueFigure({
      value: views + activity.listing.favourites + activity.listing.offers,
      unit: 'count',
      inputs: [
        ['Producers who opened it', views],
        ['Favourites', activity.listing.favourites],
        ['Offers', activity.listing.offers],
      ],
      formula: 'Producers who opened the listing + favourites + offers on PageToScreen',
      confidence: confidenceFor(views),
    }),
  };

  // --- Enhanced view.
  const publishedYear = listing.publishDate ? Number(listing.publishDate.slice(0, 4)) : null;
  const recencyFormula = 'max(0, 100 − 5 × years since publication)';
  const publicationRecency: Figure =
    publishedYear !== null && Number.isFinite(publishedYear)
      ? valueFigure({
          value: Math.max(0, 100 - 5 * Math.max(0, inputs.asOfYear - publishedYear)),
          unit: 'score',
          inputs: [
            ['Published', listing.publishDate],
            ['This year', inputs.asOfYear],
          ],
          formula: recencyFormula,
          confidence: 'high',
        })
      : insufficient({
          unit: 'score',
          reason: 'the listing has no publication date',
          formula: recencyFormula,
        });
  const listingFigure = (
    value: number | string | null,
    unit: Figure['unit'],
    label: string,
    formula: string,
    missing: string,
  ): Figure =>
    value !== null && value !== ''
      ? valueFigure({ value, unit, inputs: [[label, value]], formula, confidence: 'medium' })
      : insufficient({ unit, reason: missing, inputs: [[label, null]], formula });

  const allBudgets = memo(market, 'allBudgets', () =>
    films
      .flatMap((film) => (film.budgetToday === null ? [] : [film.budgetToday]))
      .sort((a, b) => a - b),
  );
  const budgetPercentile =
    budgetValue !== null
      ? Math.round((100 * countAtMost(allBudgets, budgetValue)) / allBudgets.length)
      : null;
  const complexityFormula =
    'Percentile of the expected budget among all films’ budgets (today’s dollars)';
  const adaptationComplexity: Figure =
    budgetPercentile !== null
      ? valueFigure({
          value: budgetPercentile,
          unit: 'score',
          inputs: [['Expected budget', usd(budgetValue!)]],
          comparables: allBudgets.length,
          formula: complexityFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: 'no production budget estimate',
          formula: complexityFormula,
          dataRange: range,
        });
  const ratings = new Map<string, number>();
  for (const film of comparables)
    if (film.mpaaRating) ratings.set(film.mpaaRating, (ratings.get(film.mpaaRating) ?? 0) + 1);
  const commonRating = [...ratings.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0];
  const targetRating: Figure = listing.contentRating
    ? valueFigure({
        value: listing.contentRating,
        unit: 'text',
        inputs: [['Content rating', listing.contentRating]],
        formula: 'As the agent rates the content',
        confidence: 'high',
      })
    : commonRating && comparables.length >= MIN_COMPARABLES
      ? valueFigure({
          value: commonRating[0],
          unit: 'text',
          inputs: [...compInputs, ['Comparables with that rating', commonRating[1]]],
          comparables: comparables.length,
          formula: 'The most common MPAA rating among the comparables',
          dataRange: range,
        })
      : insufficient({
          unit: 'text',
          reason: 'no content rating and too few comparables',
          formula: 'The most common MPAA rating among the comparables',
          dataRange: range,
        });

  const budgetAt = (q: number, name: string): Figure => {
    const formula = `${Math.round(q * 100)}th percentile of the comparables’ budgets in ${CPI_BASE_YEAR} dollars`;
    const value = compBudget.length >= MIN_COMPARABLES ? quantile(compBudget, q) : null;
    return value === null
      ? insufficient({
          unit: 'usd',
          reason: tooFewComparables(compBudget.length),
          formula,
          dataRange: range,
        })
      : valueFigure({
          value: Math.round(value),
          unit: 'usd',
          inputs: [...compInputs, ['Estimate', name]],
          comparables: compBudget.length,
          formula,
          dataRange: range,
        });
  };
  const netFormula = `Expected budget × (mean of the comparables’ gross-to-budget multiples ÷ ${BREAK_EVEN_MULTIPLE} − 1): probability-weighted net over the comparables, undiscounted`;
  const meanMultiple = mean(compMultiples);
  const expectedNet: Figure =
    budgetValue !== null && meanMultiple !== null && compMultiples.length >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round(budgetValue * (meanMultiple / BREAK_EVEN_MULTIPLE - 1)),
          unit: 'usd',
          inputs: [
            ['Expected budget', usd(budgetValue)],
            ['Mean multiple', `${round(meanMultiple, 2)}×`],
          ],
          comparables: compMultiples.length,
          formula: netFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'usd',
          reason: tooFewComparables(compMultiples.length),
          formula: netFormula,
          dataRange: range,
        });
  const noTiming =
    'the market data has no dates of revenue, so no timing of returns can be derived';

  const riskValue = numberOf(riskProfile);
  const volatilityValue = numberOf(marketVolatility);
  const riskFactors = [
    { name: 'Heavy loss rate', figure: riskProfile },
    { name: 'Market volatility', figure: marketVolatility },
    { name: 'Budget scale', figure: adaptationComplexity },
    {
      name: 'Thin data',
      figure: valueFigure({
        value: 100 - confidencePercent,
        unit: 'score',
        inputs: [['Confidence level', `${confidencePercent}%`]],
        comparables: n,
        formula: '100 − confidence level',
        dataRange: range,
      }),
    },
  ];
  const riskNumbers = riskFactors.flatMap(({ figure }) => {
    const value = numberOf(figure);
    return value === null ? [] : [value];
  });
  const overallRiskFormula =
    'Mean of the risk factors that could be computed (heavy loss rate, volatility, budget scale, thin data)';
  const overallRisk: Figure =
    riskValue !== null
      ? valueFigure({
          value: Math.round(mean(riskNumbers)!),
          unit: 'score',
          inputs: riskFactors.map(({ name, figure }) => [name, numberOf(figure)]),
          comparables: n,
          formula: overallRiskFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          formula: overallRiskFormula,
          dataRange: range,
        });
  const mitigationStrategies: string[] = [];
  if ((riskValue ?? 0) >= 30)
    mitigationStrategies.push(
      'Keep the budget near the comparables’ lower quartile and pre-sell territories.',
    );
  if ((volatilityValue ?? 0) >= 50)
    mitigationStrategies.push(
      'Returns in this genre vary widely: stage financing against milestones.',
    );
  if ((budgetPercentile ?? 0) >= 70)
    mitigationStrategies.push('A large budget: seek a co-production or streaming partner early.');
  if (confidencePercent < 60)
    mitigationStrategies.push(
      'Few comparable films: commission a bespoke market study before committing.',
    );
  if (mitigationStrategies.length === 0)
    mitigationStrategies.push('No risk factor stands out; standard option terms apply.');

  // --- Summary for search and the dashboard.
  const genreMedianGross = memo(market, `genreMedianGross:${genreKey}`, () => {
    const gross = genreFilms.flatMap((film) =>
      film.worldwideGrossToday === null ? [] : [film.worldwideGrossToday],
    );
    return gross.length >= MIN_COMPARABLES ? median(gross) : null;
  });
  const terciles = (name: string, values: () => number[]) =>
    memo(market, `terciles:${name}`, () => {
      const all = values();
      return [quantile(all, 1 / 3) ?? 0, quantile(all, 2 / 3) ?? 0] as const;
    });
  const tercile = (value: number | null, bounds: readonly [number, number]) => {
    if (value === null) return null;
    if (value < bounds[0]) return 0;
    if (value < bounds[1]) return 1;
    return 2;
  };
  const grossTerciles = terciles('gross', () =>
    films.flatMap((film) => (film.worldwideGrossToday === null ? [] : [film.worldwideGrossToday])),
  );
  const sizeIndex = tercile(genreMedianGross, grossTerciles);
  const complexityIndex = tercile(
    budgetValue,
    terciles('budget', () => allBudgets),
  );
  const marketSize = sizeIndex === null ? null : (['small', 'medium', 'large'] as const)[sizeIndex];
  const productionComplexity =
    complexityIndex === null ? null : (['low', 'medium', 'high'] as const)[complexityIndex];
  const roiPotential = roi === null ? null : roi < 2 ? 'low' : roi < 3.5 ? 'medium' : 'high';
  const overallRiskValue = numberOf(overallRisk);
  const tier = score !== null ? viabilityTier(score) : null;

  const keyInsights: string[] = [];
  const fit = numberOf(adaptationFit);
  if (fit !== null)
    keyInsights.push(
      `${fit}% of ${n} comparable adaptations (${range}) grossed at least their budget worldwide.`,
    );
  if (forecastValue !== null)
    keyInsights.push(
      `The typical comparable grossed ${usd(forecastValue)} worldwide in ${CPI_BASE_YEAR} dollars.`,
    );
  if (numberOf(marketAppeal) !== null)
    keyInsights.push(`Audience signals on the listing score ${numberOf(marketAppeal)} out of 100.`);
  if (keyInsights.length === 0) keyInsights.push('Too little market data to analyse this title.');
  const recommendedAction =
    score === null
      ? 'Gather more data before deciding'
      : score >= 85
        ? 'Pursue the option now'
        : score >= 70
          ? 'Pursue with standard terms'
          : score >= 50
            ? 'Negotiate cautiously'
            : 'Pass or option cheaply';

  const gates: Analysis['gates'] = [
    {
      name: 'Enough comparable films',
      passed: n >= 10,
      reason: `${n} comparable films with budget and gross (10 wanted)`,
    },
    {
      name: 'Comparables usually recoup their budget',
      passed: fit === null ? null : fit >= 50,
      reason: fit === null ? 'Insufficient data' : `${fit}% recouped (50% wanted)`,
    },
    {
      name: 'Typical comparable reaches break-even',
      passed: forecastValue === null || breakEven === null ? null : forecastValue >= breakEven,
      reason:
        forecastValue === null || breakEven === null
          ? 'Insufficient data'
          : `median gross ${usd(forecastValue)} against break-even ${usd(breakEven)}`,
    },
    {
      name: 'Rights available',
      passed: listing.status === 'available',
      reason: `listing status: ${listing.status}`,
    },
    {
      name: 'Audience evidence on the listing',
      passed: numberOf(marketAppeal) !== null,
      reason:
        numberOf(marketAppeal) !== null
          ? 'ratings or social figures present'
          : 'no ratings, social or video figures',
    },
  ];
  const recommendations: string[] = [];
  if (score === null)
    recommendations.push('Add a genre and audience figures to the listing so it can be scored.');
  if (fit !== null && fit < 50)
    recommendations.push(
      'Most comparable adaptations lost money: option cheaply and keep the budget low.',
    );
  if (fit !== null && fit >= 50)
    recommendations.push(
      'Comparable adaptations usually recoup: the title suits a conventional theatrical plan.',
    );
  if (numberOf(marketAppeal) === null)
    recommendations.push(
      'Ask the agent for sales, ratings or social figures: audience evidence is missing.',
    );
  if ((numberOf(franchiseUpside) ?? 0) >= 60)
    recommendations.push(
      'Breakouts are common among comparables: secure sequel and spin-off rights.',
    );
  if (pageAdjustment < 0)
    recommendations.push(
      'The page count is outside the 200–400 sweet spot: plan the adaptation’s structure early.',
    );
  recommendations.push(...mitigationStrategies.slice(0, 1));

  const suggestedMax =
    listing.suggestedOfferMaxPence === null ? null : listing.suggestedOfferMaxPence / 100;

  return {
    listingId: listing.id,
    engineVersion: ENGINE_VERSION,
    dataRange: range,
    sources: [
      `${market.source}; cleaned (decision 013); release years ${range}`,
      `Dollars adjusted to ${CPI_BASE_YEAR} with the ${CPI_SOURCE}`,
      'PageToScreen activity: listing views, favourites, offers and accepted option prices',
      'The listing’s own fields (genre, medium, pages, publication date, ratings, social and video figures)',
    ],
    viabilityScore: viability,
    tier,
    label: score !== null ? viabilityLabel(score) : null,
    priceTier: priceTier(suggestedMax),
    static: { genreScore, mediumScore, lengthBonus, modelScore },
    aiScores: {
      marketAppeal,
      adaptationFit,
      financialOutlook,
      riskProfile,
      franchiseUpside,
      marketTiming,
    },
    forecasting: {
      confidenceLevel,
      accuracyFactors: { dataQuality, marketVolatility, genreStability },
      scenarios: {
        conservative: scenario(0.25, 'conservative'),
        expected: scenario(0.5, 'expected'),
        optimistic: scenario(0.75, 'optimistic'),
      },
      comparableFilms,
      comparablesCount: comparables.length,
      comparablesRule,
    },
    audience,
    financial: {
      productionBudget,
      breakEvenGross,
      forecastGross,
      forecastMargin,
      roiMultiple: roiMultipleFigure,
      platformOptionPrice,
    },
    gates,
    recommendations,
    enhanced: {
      tier: score !== null ? enhancedTier(score) : null,
      confidenceLevel,
      publicationRecency,
      talent: {
        authorRecognition: listingFigure(
          listing.ratingsCount,
          'count',
          'Reader ratings',
          'Number of reader ratings of the work',
          'the listing has no ratings count',
        ),
        previousAdaptations: valueFigure({
          value: listing.previousAdaptations ? 'Yes' : 'No',
          unit: 'text',
          inputs: [['Previous adaptations', listing.previousAdaptations]],
          formula: 'As the agent states on the listing',
          confidence: 'medium',
        }),
        awards: listingFigure(
          listing.awards,
          'text',
          'Awards',
          'As the agent lists them',
          'the listing names no awards',
        ),
      },
      social: {
        contentMentions: listingFigure(
          listing.twitterMentions,
          'count',
          'Social mentions',
          'Mentions found by the enrichment tools',
          'no social mentions have been gathered',
        ),
        buzzScore: listingFigure(
          listing.twitterBuzzScore,
          'score',
          'Buzz score',
          'Buzz score from the enrichment tools (0–100)',
          'no buzz score has been gathered',
        ),
        videoViews: listingFigure(
          listing.youtubeTotalViews,
          'count',
          'Video views',
          'Total views of videos about the work',
          'no video figures have been gathered',
        ),
        viralPotential: listingFigure(
          listing.youtubeAdaptationPotential,
          'score',
          'Adaptation potential',
          'Video adaptation-potential score from the enrichment tools',
          'no video figures have been gathered',
        ),
      },
      streaming: {
        demandScore: insufficient({
          unit: 'score',
          reason: 'no streaming demand source is connected',
          formula: 'Streaming demand index',
        }),
        platformSuitability: insufficient({
          unit: 'score',
          reason: 'no streaming platform data is connected',
          formula: 'Fit per streaming platform',
        }),
      },
      content: {
        adaptationComplexity,
        franchisePotential: franchiseUpside,
        targetRating,
        themes:
          listing.themes.length > 0
            ? valueFigure({
                value: listing.themes,
                unit: 'list',
                inputs: [['Themes', listing.themes.join(', ')]],
                formula: 'As the agent lists them',
                confidence: 'high',
              })
            : insufficient({
                unit: 'list',
                reason: 'the listing names no themes',
                formula: 'As the agent lists them',
              }),
      },
      financial: {
        budgetLow: budgetAt(0.25, 'low'),
        budgetExpected: budgetAt(0.5, 'expected'),
        budgetHigh: budgetAt(0.75, 'high'),
        paybackPeriod: insufficient({
          unit: 'months',
          reason: noTiming,
          formula: 'Months until cumulative revenue covers cost',
        }),
        irr: insufficient({
          unit: 'percent',
          reason: noTiming,
          formula: 'Internal rate of return of the cash flows',
        }),
        expectedNet,
      },
      risk: { overallRisk, factors: riskFactors, mitigationStrategies },
    },
    summary: {
      marketSize,
      productionComplexity,
      roiPotential,
      riskScore: overallRiskValue === null ? null : 100 - overallRiskValue,
      targetDemographic: demo.ageRange ?? `Genre default: ${AUDIENCE_DEFAULTS.primaryAge}`,
      keyInsights,
      recommendedAction,
    },
  };
}
