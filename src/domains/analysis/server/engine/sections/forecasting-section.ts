import { MIN_COMPARABLES, STANDARD_COMPARABLES } from '../../../analysis.constants';
import type { ComparableFilm, Figure } from '../../../analysis.schema';
import { BACKTEST } from '../model/backtest-result.generated';
import { insufficient, tooFewComparables, valueFigure } from '../figure';
import { quantileOfSorted, round, share } from '../stats';
import {
  MONEY_BASIS,
  budgetPounds,
  gbp,
  grossPounds,
  pct,
  recoup,
  type AnalysisContext,
} from './context';

/**
 * A scenario: the title's budget times the comparables' gross-to-budget multiple at a
 * percentile; its probability is the share of comparables that reached at least that multiple.
 */
export function scenario(context: AnalysisContext, q: number, name: string) {
  const multiples = context.sortedMultiples;
  const budget = context.budget.pounds;
  const formula = `Production budget × the ${Math.round(q * 100)}th percentile of the comparables’ gross-to-budget multiples, in ${MONEY_BASIS}; probability = share of comparables that reached at least that multiple`;
  const multiple = multiples.length >= MIN_COMPARABLES ? quantileOfSorted(multiples, q) : null;
  if (multiple === null || budget === null) {
    return {
      gross: insufficient({
        unit: 'gbp',
        reason:
          budget === null ? 'no production budget estimate' : tooFewComparables(multiples.length),
        inputs: context.compInputs,
        comparables: multiples.length,
        formula,
        dataRange: context.range,
      }),
      probability: 0,
    };
  }
  return {
    gross: valueFigure({
      value: Math.round(budget * multiple),
      unit: 'gbp',
      inputs: [
        ...context.compInputs,
        ['Scenario', name],
        ['Production budget', `${gbp(budget)}, from ${context.budget.how}`],
        ['Multiple', `${round(multiple, 2)}×`],
      ],
      comparables: multiples.length,
      formula,
      dataRange: context.range,
    }),
    probability: round(share(multiples, (m) => m >= multiple) ?? 0, 2),
  };
}

/** Confidence in the score: 100 minus the width of its likely range, with its label. */
export function confidenceLevelFigure({ title, range }: AnalysisContext): Figure {
  return valueFigure({
    value: Math.max(0, 100 - (title.high - title.low)),
    unit: 'percent',
    inputs: [
      ['Likely range of the score (95%)', `${title.low}–${title.high}`],
      ['Films sharing its source and genre', title.coreCount],
      ['Back-test calibration error', `${BACKTEST.result.calibrationError} points`],
    ],
    comparables: title.coreCount,
    formula: `100 − width of the score’s 95% range (from the number and spread of comparable films and the back-test’s error). ${title.confidence[0].toUpperCase()}${title.confidence.slice(1)} confidence: ${title.confidenceWhy}`,
    dataRange: range,
    confidence: title.confidence,
  });
}

function accuracyFactors(context: AnalysisContext) {
  const { range, genreRated } = context;
  const multiples = context.sortedMultiples;
  const medianMultiple = quantileOfSorted(multiples, 0.5);
  const iqr = (quantileOfSorted(multiples, 0.75) ?? 0) - (quantileOfSorted(multiples, 0.25) ?? 0);
  const volatilityFormula =
    'min(100, 50 × interquartile range ÷ median of the comparables’ gross-to-budget multiples)';
  const marketVolatility: Figure =
    multiples.length >= MIN_COMPARABLES && medianMultiple
      ? valueFigure({
          value: Math.min(100, Math.round((50 * iqr) / medianMultiple)),
          unit: 'score',
          inputs: [
            ['Interquartile range', `${round(iqr, 2)}×`],
            ['Median multiple', `${round(medianMultiple, 2)}×`],
          ],
          comparables: multiples.length,
          formula: volatilityFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: tooFewComparables(multiples.length),
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
  const dataQuality = valueFigure({
    value: context.title.coreCount,
    unit: 'count',
    inputs: [['Films sharing the title’s source and genre', context.title.coreCount]],
    comparables: context.title.coreCount,
    formula: 'Films with budget and gross that share the title’s source and genre',
    dataRange: range,
  });
  return { dataQuality, marketVolatility, genreStability };
}

function comparableFilms(context: AnalysisContext): ComparableFilm[] {
  return context.title.comparables
    .slice(0, STANDARD_COMPARABLES)
    .map(({ film, similarity, reasons }) => ({
      title: film.title,
      year: film.year,
      genre: film.majorGenre ?? film.creativeType,
      source: film.source,
      similarity,
      relevance: similarity >= 80 ? 'High' : similarity >= 55 ? 'Medium' : 'Low',
      actualGross: grossPounds(film),
      budget: budgetPounds(film),
      multiple: film.multiple,
      reasons,
    }));
}

export function forecastingSection(context: AnalysisContext) {
  return {
    confidenceLevel: confidenceLevelFigure(context),
    accuracyFactors: accuracyFactors(context),
    scenarios: {
      conservative: scenario(context, 0.25, 'conservative'),
      expected: scenario(context, 0.5, 'expected'),
      optimistic: scenario(context, 0.75, 'optimistic'),
    },
    comparableFilms: comparableFilms(context),
    comparablesCount: context.basisFilms.length,
    comparablesRule: `Listed: the closest films by source, genre, creative type, rating and budget band, and any the agent named; the money figures rest on ${context.basisLabel} (${context.basisFilms.length})`,
  };
}
