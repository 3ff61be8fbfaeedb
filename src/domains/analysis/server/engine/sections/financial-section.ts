import { BREAK_EVEN_MULTIPLE, MIN_COMPARABLES } from '../../../analysis.constants';
import type { Figure } from '../../../analysis.schema';
import { confidenceFor, insufficient, tooFewComparables, valueFigure } from '../figure';
import { median, quantileOfSorted, round } from '../stats';
import { MONEY_BASIS, gbp, type AnalysisContext } from './context';
import { scenario } from './forecasting-section';

export const BREAK_EVEN_FORMULA = `Budget × ${BREAK_EVEN_MULTIPLE} (assumption: exhibitors keep about half the gross, and prints and advertising cost about the budget again)`;

export function financialSection(context: AnalysisContext) {
  const { range, budget, basisFilms } = context;
  const n = basisFilms.length;
  const budgetFormula = `Production budget in ${MONEY_BASIS}: ${budget.how}`;
  const productionBudget: Figure =
    budget.pounds !== null
      ? valueFigure({
          value: budget.pounds,
          unit: 'gbp',
          inputs: [...context.compInputs, ['Asking price', askingPrice(context)]],
          comparables: n,
          formula: budgetFormula,
          dataRange: range,
          confidence: context.title.impliedBudgetUsd !== null ? 'medium' : confidenceFor(n),
        })
      : insufficient({
          unit: 'gbp',
          reason: tooFewComparables(n),
          formula: budgetFormula,
          dataRange: range,
        });
  const breakEven = budget.pounds !== null ? budget.pounds * BREAK_EVEN_MULTIPLE : null;
  const breakEvenGross: Figure =
    breakEven !== null
      ? valueFigure({
          value: Math.round(breakEven),
          unit: 'gbp',
          inputs: [['Production budget', gbp(budget.pounds!)]],
          comparables: n,
          formula: BREAK_EVEN_FORMULA,
          dataRange: range,
        })
      : insufficient({
          unit: 'gbp',
          reason: 'no production budget estimate',
          formula: BREAK_EVEN_FORMULA,
          dataRange: range,
        });
  const forecastGross = scenario(context, 0.5, 'expected').gross;
  const forecastValue = typeof forecastGross.value === 'number' ? forecastGross.value : null;
  const marginFormula = '(forecast gross − break-even gross) ÷ forecast gross';
  const forecastMargin: Figure =
    forecastValue !== null && breakEven !== null && forecastValue > 0
      ? valueFigure({
          value: Math.round(((forecastValue - breakEven) / forecastValue) * 100),
          unit: 'percent',
          inputs: [
            ['Forecast gross', gbp(forecastValue)],
            ['Break-even gross', gbp(breakEven)],
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
  const medianMultiple = quantileOfSorted(context.sortedMultiples, 0.5);
  const roiFormula = `Median worldwide gross ÷ production budget of the comparables (break-even is ${BREAK_EVEN_MULTIPLE}×)`;
  const roiMultiple: Figure =
    medianMultiple !== null && n >= MIN_COMPARABLES
      ? valueFigure({
          value: round(medianMultiple, 2),
          unit: 'multiple',
          inputs: context.compInputs,
          comparables: n,
          formula: roiFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'multiple',
          reason: tooFewComparables(n),
          formula: roiFormula,
          dataRange: range,
        });
  return {
    productionBudget,
    breakEvenGross,
    forecastGross,
    forecastMargin,
    roiMultiple,
    platformOptionPrice: platformOptionPrice(context),
  };
}

function askingPrice({ listing }: AnalysisContext): string | null {
  return listing.suggestedOfferMaxPence === null
    ? null
    : `£${(listing.suggestedOfferMaxPence / 100).toLocaleString('en-GB')}`;
}

function platformOptionPrice({ activity, listing }: AnalysisContext): Figure {
  const prices = activity.genre.acceptedOptionPricesPence;
  const formula =
    'Median price of accepted option offers on PageToScreen for listings of this genre';
  return prices.length >= 3
    ? valueFigure({
        value: Math.round(median(prices)! / 100),
        unit: 'gbp',
        inputs: [
          ['Genre', listing.genre],
          ['Accepted offers', prices.length],
        ],
        formula,
        confidence: confidenceFor(prices.length),
      })
    : insufficient({
        unit: 'gbp',
        reason: `${prices.length} accepted offer${prices.length === 1 ? '' : 's'} in this genre on the platform; at least 3 are needed`,
        inputs: [['Genre', listing.genre]],
        formula,
      });
}
