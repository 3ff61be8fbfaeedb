import {
  BREAK_EVEN_MULTIPLE,
  MARKET_SIZES,
  PRODUCTION_COMPLEXITIES,
} from '../../../analysis.constants';
import type { Analysis, Figure } from '../../../analysis.schema';
import { AUDIENCE_DEFAULTS } from '../../../analysis.constants';
import { numberOf } from '../figure';
import { median, quantile } from '../stats';
import { budgetPounds, gbp, grossPounds, memo, recoup, type AnalysisContext } from './context';

interface SummaryParts {
  score: number;
  adaptationFit: Figure;
  marketAppeal: Figure;
  franchiseUpside: Figure;
  riskProfile: Figure;
  roiMultiple: Figure;
  forecastGross: Figure;
  breakEvenGross: Figure;
  mitigation: string[];
}

/**
 * What to do, from the score's band and the break-even check together: a high score whose
 * typical comparable misses break-even is told to negotiate, so the two never contradict.
 */
export function recommendedAction(score: number, reachesBreakEven: boolean | null): string {
  if (score >= 85)
    return reachesBreakEven === false
      ? 'Pursue, but hold the budget down'
      : 'Pursue the option now';
  if (score >= 70)
    return reachesBreakEven === false ? 'Negotiate cautiously' : 'Pursue with standard terms';
  if (score >= 50) return 'Negotiate cautiously';
  return 'Pass or option cheaply';
}

function tercileOf(value: number | null, [low, high]: readonly [number, number]) {
  if (value === null) return null;
  return value < low ? 0 : value < high ? 1 : 2;
}

const tercileBounds = (all: readonly number[]) =>
  [quantile(all, 1 / 3) ?? 0, quantile(all, 2 / 3) ?? 0] as const;

export function summarySection(context: AnalysisContext, parts: SummaryParts) {
  const { title, listing, market, range } = context;
  const fit = numberOf(parts.adaptationFit);
  const forecast = numberOf(parts.forecastGross);
  const breakEven = numberOf(parts.breakEvenGross);
  const reaches = forecast === null || breakEven === null ? null : forecast >= breakEven;
  const allGross = memo(market, 'grossTercilesPounds', () =>
    tercileBounds(market.films.flatMap((f) => (grossPounds(f) === null ? [] : [grossPounds(f)!]))),
  );
  const allBudgets = memo(market, 'budgetTercilesPounds', () =>
    tercileBounds(
      market.films.flatMap((f) => (budgetPounds(f) === null ? [] : [budgetPounds(f)!])),
    ),
  );
  const genreMedianGross = memo(market, `genreMedianGross:${listing.genre ?? ''}`, () => {
    const gross = context.genreFilms.flatMap((f) =>
      grossPounds(f) === null ? [] : [grossPounds(f)!],
    );
    return gross.length >= 5 ? median(gross) : null;
  });
  const sizeIndex = tercileOf(genreMedianGross, allGross);
  const complexityIndex = tercileOf(context.budget.pounds, allBudgets);
  const roi = numberOf(parts.roiMultiple);
  const keyInsights: string[] = [
    `${title.score} in 100: the estimated chance that a film of it grosses its budget worldwide (${title.confidence} confidence, likely ${title.low}–${title.high}).`,
  ];
  const moved = [...title.parts]
    .filter((part) => Math.abs(part.points) >= 1)
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  if (moved.length > 0) {
    keyInsights.push(
      `Moved most by: ${moved
        .slice(0, 3)
        .map(
          (part) =>
            `${part.name.toLowerCase()} (${part.points > 0 ? '+' : '−'}${Math.abs(part.points).toFixed(1)})`,
        )
        .join(', ')}.`,
    );
  }
  if (fit !== null) {
    keyInsights.push(
      `${fit}% of ${context.basisFilms.length} comparable films (${range}) grossed at least their budget worldwide.`,
    );
  }
  if (forecast !== null && breakEven !== null) {
    keyInsights.push(`Expected gross ${gbp(forecast)} against break-even ${gbp(breakEven)}.`);
  }
  const gates: Analysis['gates'] = [
    {
      name: 'Enough comparable films',
      passed: title.coreCount >= 10,
      reason: `${title.coreCount} films share its source and genre (10 wanted)`,
    },
    {
      name: 'Comparables usually recoup their budget',
      passed: fit === null ? null : fit >= 50,
      reason: fit === null ? 'Insufficient data' : `${fit}% recouped (50% wanted)`,
    },
    {
      name: 'Typical comparable reaches break-even',
      passed: reaches,
      reason:
        reaches === null
          ? 'Insufficient data'
          : `expected gross ${gbp(forecast!)} against break-even ${gbp(breakEven!)} (${BREAK_EVEN_MULTIPLE}× budget)`,
    },
    {
      name: 'Rights available',
      passed: listing.status === 'available',
      reason: `listing status: ${listing.status}`,
    },
    {
      name: 'Audience evidence on the listing',
      passed: numberOf(parts.marketAppeal) !== null,
      reason:
        numberOf(parts.marketAppeal) !== null
          ? 'ratings or social figures present'
          : 'no ratings, social or video figures',
    },
  ];
  const recommendations: string[] = [];
  if (title.wouldRaise.length > 0) {
    recommendations.push(
      `Ask the agent for ${title.wouldRaise.join(', ')}: it would make the score surer.`,
    );
  }
  if (reaches === false) {
    recommendations.push(
      'The typical comparable did not reach break-even: option cheaply and keep the budget low.',
    );
  } else if (fit !== null && fit >= 50) {
    recommendations.push(
      'Comparable adaptations usually recoup: the title suits a conventional theatrical plan.',
    );
  }
  if ((numberOf(parts.franchiseUpside) ?? 0) >= 60) {
    recommendations.push(
      'Breakouts are common among comparables: secure sequel and spin-off rights.',
    );
  }
  recommendations.push(...parts.mitigation.slice(0, 1));
  const risk = numberOf(parts.riskProfile);
  return {
    gates,
    recommendations,
    summary: {
      marketSize: sizeIndex === null ? null : MARKET_SIZES[sizeIndex],
      productionComplexity:
        complexityIndex === null ? null : PRODUCTION_COMPLEXITIES[complexityIndex],
      roiPotential:
        roi === null
          ? null
          : roi < 1.5
            ? ('low' as const)
            : roi < BREAK_EVEN_MULTIPLE
              ? ('medium' as const)
              : ('high' as const),
      riskScore: risk === null ? null : 100 - risk,
      targetDemographic:
        listing.targetDemographic?.ageRange ?? `Genre default: ${AUDIENCE_DEFAULTS.primaryAge}`,
      keyInsights,
      recommendedAction: recommendedAction(parts.score, reaches),
    },
    recoupRate: recoup(context.basisFilms),
  };
}
