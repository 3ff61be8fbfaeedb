import { BREAK_EVEN_MULTIPLE, MIN_COMPARABLES } from '../../../analysis.constants';
import { enhancedTier } from '../../../analysis.rules';
import type { Figure } from '../../../analysis.schema';
import { insufficient, numberOf, tooFewComparables, valueFigure } from '../figure';
import { mean, quantileOfSorted, round } from '../stats';
import { MONEY_BASIS, gbp, type AnalysisContext } from './context';
import { budgetPercentile, enhancedContent } from './enhanced-content-section';

const NO_TIMING = 'the market data has no dates of revenue, so no timing of returns can be derived';

function budgetRange(context: AnalysisContext, q: number, name: string): Figure {
  const { budget, range } = context;
  const formula = `The production budget scaled by the comparables’ ${Math.round(q * 100)}th-percentile budget ÷ their median, in ${MONEY_BASIS}`;
  const budgets = context.sortedBudgets;
  const at = quantileOfSorted(budgets, q);
  const mid = quantileOfSorted(budgets, 0.5);
  if (budget.pounds === null || at === null || !mid || budgets.length < MIN_COMPARABLES) {
    return insufficient({
      unit: 'gbp',
      reason: tooFewComparables(budgets.length),
      formula,
      dataRange: range,
    });
  }
  return valueFigure({
    value: Math.round((budget.pounds * at) / mid),
    unit: 'gbp',
    inputs: [...context.compInputs, ['Estimate', name], ['Production budget', gbp(budget.pounds)]],
    comparables: budgets.length,
    formula,
    dataRange: range,
  });
}

function riskSection(context: AnalysisContext, riskProfile: Figure, marketVolatility: Figure) {
  const percentile = budgetPercentile(context);
  const factors = [
    { name: 'Heavy loss rate', figure: riskProfile },
    { name: 'Market volatility', figure: marketVolatility },
    {
      name: 'Thin data',
      figure: valueFigure({
        value: context.title.high - context.title.low,
        unit: 'score',
        inputs: [['Likely range of the score', `${context.title.low}–${context.title.high}`]],
        comparables: context.title.coreCount,
        formula: 'Width of the score’s 95% range, in points',
        dataRange: context.range,
      }),
    },
  ];
  const mitigationStrategies: string[] = [];
  if ((numberOf(riskProfile) ?? 0) >= 30)
    mitigationStrategies.push(
      'Keep the budget near the comparables’ lower quartile and pre-sell territories.',
    );
  if ((numberOf(marketVolatility) ?? 0) >= 50)
    mitigationStrategies.push(
      'Returns in this genre vary widely: stage financing against milestones.',
    );
  if ((percentile ?? 0) >= 70)
    mitigationStrategies.push('A large budget: seek a co-production or streaming partner early.');
  if (context.title.confidence === 'low')
    mitigationStrategies.push(
      'Few comparable films: commission a bespoke market study before committing.',
    );
  if (mitigationStrategies.length === 0)
    mitigationStrategies.push('No risk factor stands out; standard option terms apply.');
  // One risk figure everywhere: the enhanced view's overall risk is the heavy-loss rate.
  return { overallRisk: riskProfile, factors, mitigationStrategies };
}

export function enhancedSection(
  context: AnalysisContext,
  parts: {
    score: number;
    confidenceLevel: Figure;
    riskProfile: Figure;
    marketVolatility: Figure;
    franchiseUpside: Figure;
  },
) {
  const { listing, budget, range } = context;
  const multiples = context.sortedMultiples;
  const meanMultiple = mean(multiples);
  const netFormula = `Production budget × (mean of the comparables’ gross-to-budget multiples ÷ ${BREAK_EVEN_MULTIPLE} − 1): probability-weighted net over the comparables, undiscounted, in ${MONEY_BASIS}`;
  const expectedNet: Figure =
    budget.pounds !== null && meanMultiple !== null && multiples.length >= MIN_COMPARABLES
      ? valueFigure({
          value: Math.round(budget.pounds * (meanMultiple / BREAK_EVEN_MULTIPLE - 1)),
          unit: 'gbp',
          inputs: [
            ['Production budget', gbp(budget.pounds)],
            ['Mean multiple', `${round(meanMultiple, 2)}×`],
          ],
          comparables: multiples.length,
          formula: netFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'gbp',
          reason: tooFewComparables(multiples.length),
          formula: netFormula,
          dataRange: range,
        });
  const publishedYear = listing.publishDate ? Number(listing.publishDate.slice(0, 4)) : null;
  const recencyFormula = 'max(0, 100 − 5 × years since publication)';
  return {
    tier: enhancedTier(parts.score),
    confidenceLevel: parts.confidenceLevel,
    publicationRecency:
      publishedYear !== null && Number.isFinite(publishedYear)
        ? valueFigure({
            value: Math.max(0, 100 - 5 * Math.max(0, context.inputs.asOfYear - publishedYear)),
            unit: 'score',
            inputs: [
              ['Published', listing.publishDate],
              ['This year', context.inputs.asOfYear],
            ],
            formula: recencyFormula,
            confidence: 'high',
          })
        : insufficient({
            unit: 'score',
            reason: 'the listing has no publication date',
            formula: recencyFormula,
          }),
    ...enhancedContent(context, parts.franchiseUpside),
    financial: {
      budgetLow: budgetRange(context, 0.25, 'low'),
      budgetExpected: budgetRange(context, 0.5, 'expected'),
      budgetHigh: budgetRange(context, 0.75, 'high'),
      paybackPeriod: insufficient({
        unit: 'months',
        reason: NO_TIMING,
        formula: 'Months until cumulative revenue covers cost',
      }),
      irr: insufficient({
        unit: 'percent',
        reason: NO_TIMING,
        formula: 'Internal rate of return of the cash flows',
      }),
      expectedNet,
    },
    risk: riskSection(context, parts.riskProfile, parts.marketVolatility),
  };
}
