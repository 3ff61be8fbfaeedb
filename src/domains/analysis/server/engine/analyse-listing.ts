import { ENGINE_VERSION } from '../../analysis.constants';
import { priceTier, viabilityLabel, viabilityTier } from '../../analysis.rules';
import type { Analysis } from '../../analysis.schema';
import { CPI_BASE_YEAR, CPI_SOURCE } from '../market/cpi-u.constants';
import type { MarketData } from '../market/market-data';
import { EXCHANGE_RATE_SOURCE, EXCHANGE_RATE_YEAR } from '../market/money.constants';
import type { EngineInputs } from './engine-inputs';
import { BACKTEST } from './model/backtest-result.generated';
import { audienceSection } from './sections/audience-section';
import { MONEY_BASIS, buildContext, type AnalysisContext } from './sections/context';
import { enhancedSection } from './sections/enhanced-section';
import { financialSection } from './sections/financial-section';
import { forecastingSection } from './sections/forecasting-section';
import {
  scoreDefinition,
  staticSection,
  subScoresSection,
  viabilitySection,
} from './sections/score-section';
import { summarySection } from './sections/summary-section';

export {
  computeInputHash,
  type EngineInputs,
  type EngineListing,
  type PlatformActivity,
} from './engine-inputs';

function methodOf(context: AnalysisContext): Analysis['method'] {
  const { title } = context;
  const { result, runOn } = BACKTEST;
  return {
    definition: scoreDefinition(context),
    base: title.base,
    parts: title.parts,
    low: title.low,
    high: title.high,
    confidence: title.confidence,
    confidenceWhy: title.confidenceWhy,
    wouldRaise: title.wouldRaise,
    namedComparables: { found: title.namedFound, missing: title.namedMissing },
    money: MONEY_BASIS,
    backtest: {
      runOn,
      films: result.films,
      heldOutYears: result.heldOutYears,
      spearman: result.spearman,
      baselineSpearman: result.baselineSpearman,
      brier: result.brier,
      baselineBrier: result.baselineBrier,
      calibrationError: result.calibrationError,
      bands: result.bands,
    },
  };
}

/**
 * The analysis engine: a pure function of the listing, the cleaned market data and the
 * platform's activity figures. Same inputs, same answer (the caller adds the time and hash).
 * Each section is its own file under `sections/`; the score itself is `model/score-title.ts`.
 */
export function analyseListing(
  inputs: EngineInputs,
  market: MarketData,
): Omit<Analysis, 'computedAt' | 'inputHash'> {
  const context = buildContext(inputs, market);
  const { listing, title, range } = context;
  const { viabilityScore, modelScore } = viabilitySection(context);
  const aiScores = subScoresSection(context);
  const forecasting = forecastingSection(context);
  const financial = financialSection(context);
  const enhanced = enhancedSection(context, {
    score: title.score,
    confidenceLevel: forecasting.confidenceLevel,
    riskProfile: aiScores.riskProfile,
    marketVolatility: forecasting.accuracyFactors.marketVolatility,
    franchiseUpside: aiScores.franchiseUpside,
  });
  const { gates, recommendations, summary } = summarySection(context, {
    score: title.score,
    adaptationFit: aiScores.adaptationFit,
    marketAppeal: aiScores.marketAppeal,
    franchiseUpside: aiScores.franchiseUpside,
    riskProfile: aiScores.riskProfile,
    roiMultiple: financial.roiMultiple,
    forecastGross: financial.forecastGross,
    breakEvenGross: financial.breakEvenGross,
    mitigation: enhanced.risk.mitigationStrategies,
  });
  const suggestedMax =
    listing.suggestedOfferMaxPence === null ? null : listing.suggestedOfferMaxPence / 100;
  return {
    listingId: listing.id,
    engineVersion: ENGINE_VERSION,
    dataRange: range,
    sources: [
      `${market.source}; cleaned as described in the method; release years ${range}`,
      `Prices brought to ${CPI_BASE_YEAR} with the ${CPI_SOURCE}`,
      `Dollars converted to pounds with the ${EXCHANGE_RATE_SOURCE}, ${EXCHANGE_RATE_YEAR} average`,
      'PageToScreen activity: listing views, favourites, offers and accepted option prices',
      'The listing’s own fields (genre, medium, content rating, asking price, awards, reviews, sales figures, comparable titles, ratings, social and video figures)',
    ],
    viabilityScore,
    method: methodOf(context),
    tier: viabilityTier(title.score),
    label: viabilityLabel(title.score),
    priceTier: priceTier(suggestedMax),
    static: { ...staticSection(context), modelScore },
    aiScores,
    forecasting,
    audience: audienceSection(context),
    financial,
    gates,
    recommendations,
    enhanced,
    summary,
  };
}
