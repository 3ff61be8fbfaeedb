import { MIN_COMPARABLES } from '../../../analysis.constants';
import { pageCountAdjustment } from '../../../analysis.rules';
import type { Figure } from '../../../analysis.schema';
import {
  confidenceFor,
  insufficient,
  tooFewComparables,
  valueFigure,
  type Inputs,
} from '../figure';
import { describeGenreRule, sourcesOf } from '../film-matching';
import { mean, quantileOfSorted, round, share } from '../stats';
import { memo, pct, ratio, recoup, type AnalysisContext } from './context';

/** What the 0–100 score is, in words a producer can check (shown in every basis and the PDF). */
export function scoreDefinition(context: AnalysisContext): string {
  const { model } = context.title;
  return `Estimated chance in 100 that a film adaptation like this grosses at least its production budget worldwide: a model fitted on ${model.films.toLocaleString('en-GB')} films released ${model.firstYear}–${model.lastYear} (genre, creative type, source, rating, budget band), then moved by the listing's own acclaim, audience reach and named comparables`;
}

const signed = (points: number) => `${points >= 0 ? '+' : '−'}${Math.abs(points).toFixed(1)}`;

/** The Commercial Viability Score and the model's part before the listing's own facts. */
export function viabilitySection(context: AnalysisContext) {
  const { title, range } = context;
  const inputs: Inputs = [
    ['All films (starting point)', `${title.base.toFixed(1)} of 100 recouped`],
    ...title.parts.map(
      (part) => [part.name, `${signed(part.points)} points: ${part.why}`] as [string, string],
    ),
    ['Likely range (95%)', `${title.low}–${title.high}`],
  ];
  const viabilityScore = valueFigure({
    value: title.score,
    unit: 'score',
    inputs,
    comparables: title.coreCount,
    formula: scoreDefinition(context),
    dataRange: range,
    confidence: title.confidence,
  });
  const measured = title.parts.filter((part) => part.measured);
  const modelValue = Math.round(title.base + measured.reduce((sum, part) => sum + part.points, 0));
  const modelScore = valueFigure({
    value: Math.min(99, Math.max(1, modelValue)),
    unit: 'score',
    inputs: measured.map((part) => [part.name, `${signed(part.points)} points`]),
    comparables: title.model.films,
    formula:
      'Chance in 100 of recouping from the film data alone (genre, creative type, source, rating, budget band), before the listing’s own facts',
    dataRange: range,
    confidence: title.confidence,
  });
  return { viabilityScore, modelScore };
}

function recoupRateFigure(
  list: readonly unknown[],
  rate: number | null,
  options: { inputs: Inputs; formula: string; range: string; missing: string },
): Figure {
  return list.length >= MIN_COMPARABLES && rate !== null
    ? valueFigure({
        value: Math.round(rate * 100),
        unit: 'score',
        inputs: options.inputs,
        comparables: list.length,
        formula: options.formula,
        dataRange: options.range,
      })
    : insufficient({
        unit: 'score',
        reason: options.missing,
        inputs: options.inputs,
        comparables: list.length,
        formula: options.formula,
        dataRange: options.range,
      });
}

/** Genre and medium recoup rates, and the page-count note (shown, not in the score). */
export function staticSection(context: AnalysisContext) {
  const { listing, genreRated, sourceRated, range } = context;
  const sourceLabel = sourcesOf(listing.medium).join(', ') || 'no film source type';
  const genreScore = recoupRateFigure(genreRated, recoup(genreRated), {
    inputs: [
      ['Genre', listing.genre],
      ['Films matched', describeGenreRule(listing.genre)],
    ],
    formula:
      '100 × share of the genre’s films whose worldwide gross reached their production budget',
    range,
    missing: listing.genre ? tooFewComparables(genreRated.length) : 'the listing has no genre',
  });
  const mediumScore = recoupRateFigure(sourceRated, recoup(sourceRated), {
    inputs: [
      ['Medium', listing.medium],
      ['Film source types', sourceLabel],
    ],
    formula:
      '100 × share of films adapted from this source type whose worldwide gross reached their production budget',
    range,
    missing:
      sourcesOf(listing.medium).length === 0
        ? `no film source type stands for the medium '${listing.medium}'`
        : tooFewComparables(sourceRated.length),
  });
  const lengthBonus = valueFigure({
    value: pageCountAdjustment(listing.medium, listing.pages),
    unit: 'score',
    inputs: [
      ['Medium', listing.medium],
      ['Pages', listing.pages],
    ],
    formula:
      'Books: +5 for 200–400 pages, −10 under 100, −5 over 500; 0 otherwise. Shown for reference: the film data has no page counts, so the score does not use it',
    confidence: listing.pages === null && listing.medium === 'book' ? 'low' : 'high',
  });
  return { genreScore, mediumScore, lengthBonus };
}

/** The sub-scores over the films the figures rest on, and the listing's own signals. */
export function subScoresSection(context: AnalysisContext) {
  const { basisFilms, compInputs, range, market } = context;
  const n = basisFilms.length;
  const adaptationFit = recoupRateFigure(basisFilms, recoup(basisFilms), {
    inputs: compInputs,
    formula: '100 × share of comparable films whose worldwide gross reached their budget',
    range,
    missing: tooFewComparables(n),
  });
  const compMedianMultiple = quantileOfSorted(context.sortedMultiples, 0.5);
  const outlookFormula =
    'Index: 50 × median gross-to-budget multiple of the comparables ÷ median multiple of all films (capped at 100; 50 = the market’s typical film)';
  const financialOutlook: Figure =
    n >= MIN_COMPARABLES && compMedianMultiple !== null
      ? valueFigure({
          value: Math.min(100, Math.round((50 * compMedianMultiple) / context.allMedianMultiple)),
          unit: 'score',
          inputs: [
            ...compInputs,
            ['Comparables’ median multiple', `${round(compMedianMultiple, 2)}×`],
            ['All films’ median multiple', `${round(context.allMedianMultiple, 2)}×`],
          ],
          comparables: n,
          formula: outlookFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(n),
          formula: outlookFormula,
          dataRange: range,
        });
  const riskProfile = recoupRateFigure(
    basisFilms,
    share(basisFilms, (film) => (ratio(film) ?? 0) < 0.5),
    {
      inputs: compInputs,
      formula:
        'Risk: 100 × share of comparable films whose worldwide gross was under half their budget',
      range,
      missing: tooFewComparables(n),
    },
  );
  const breakoutAll = memo(
    market,
    'breakoutAll',
    () =>
      share(
        market.films.filter((film) => ratio(film) !== null),
        (film) => (ratio(film) ?? 0) >= 5,
      ) ?? 0,
  );
  const breakoutComp = share(basisFilms, (film) => (ratio(film) ?? 0) >= 5);
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
          formula: franchiseFormula,
          dataRange: range,
        });
  return {
    marketAppeal: marketAppealFigure(context),
    adaptationFit,
    financialOutlook,
    riskProfile,
    franchiseUpside,
    marketTiming: platformDemandFigure(context),
  };
}

function marketAppealFigure({ listing }: AnalysisContext): Figure {
  const signals: number[] = [];
  if (listing.averageRating !== null && (listing.ratingsCount ?? 0) > 0) {
    signals.push(Math.round(listing.averageRating * 20));
  }
  if (listing.twitterBuzzScore !== null) signals.push(listing.twitterBuzzScore);
  if (listing.youtubePopularityScore !== null) signals.push(listing.youtubePopularityScore);
  const formula =
    'Mean of the listing’s audience signals on a 0–100 scale: reader rating × 20, social buzz, video popularity';
  const inputs: Inputs = [
    ['Average rating', listing.averageRating],
    ['Ratings count', listing.ratingsCount],
    ...(listing.ratingsSource ? [['Ratings from', listing.ratingsSource] as [string, string]] : []),
    ['Social buzz score', listing.twitterBuzzScore],
    ['Video popularity score', listing.youtubePopularityScore],
  ];
  return signals.length > 0
    ? valueFigure({
        value: Math.round(mean(signals)!),
        unit: 'score',
        inputs,
        formula,
        confidence: signals.length >= 3 ? 'high' : signals.length === 2 ? 'medium' : 'low',
      })
    : insufficient({
        unit: 'score',
        reason: 'the listing has no reader ratings, social or video figures yet',
        inputs,
        formula,
      });
}

function platformDemandFigure({ activity }: AnalysisContext): Figure {
  const genreEvents = activity.genre.favourites + activity.genre.offers;
  const listingEvents = activity.listing.favourites + activity.listing.offers;
  const perListing = activity.genre.listings > 0 ? genreEvents / activity.genre.listings : 0;
  const formula =
    'Index: 50 × (this listing’s favourites + offers + 1) ÷ (the genre’s mean per listing + 1), capped at 100; 50 = the genre’s typical listing';
  const inputs: Inputs = [
    ['This listing’s favourites', activity.listing.favourites],
    ['This listing’s offers', activity.listing.offers],
    ['Genre listings on the platform', activity.genre.listings],
    ['Genre favourites + offers', genreEvents],
  ];
  return genreEvents >= MIN_COMPARABLES
    ? valueFigure({
        value: Math.min(100, Math.round((50 * (listingEvents + 1)) / (perListing + 1))),
        unit: 'score',
        inputs,
        formula,
        confidence: confidenceFor(genreEvents),
      })
    : insufficient({
        unit: 'score',
        reason: `the platform has ${genreEvents} favourites and offers in this genre; at least ${MIN_COMPARABLES} are needed`,
        inputs,
        formula,
      });
}
