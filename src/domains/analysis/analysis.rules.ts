/**
 * The analysis rules both the server and the browser read (pure, no server imports): the
 * viability score formula of part 1 section 9, its bands and labels, price tiers, the ROI
 * multiple and the display bands of part 1 section 4 and part 2 section 9.
 */
import {
  LOWEST_PRICE_TIER,
  PAGE_ADJUSTMENTS,
  PRICE_TIERS,
  ROI_BASE_MULTIPLE,
  ROI_BASE_SCORE,
  ROI_CAP,
  ROI_POINTS_PER_STEP,
  VIABILITY_LABELS,
  VIABILITY_TIERS,
} from './analysis.constants';

const clamp = (value: number, min = 0, max = 100) => Math.min(max, Math.max(min, value));

/** Book page-count adjustment to the medium score; 0 for other media or unknown pages. */
export function pageCountAdjustment(medium: string, pages: number | null): number {
  if (medium !== 'book' || pages === null || pages <= 0) return 0;
  const { sweetSpot, short, long } = PAGE_ADJUSTMENTS;
  if (pages >= sweetSpot.min && pages <= sweetSpot.max) return sweetSpot.points;
  if (pages < short.under) return short.points;
  if (pages > long.over) return long.points;
  return 0;
}

/**
 * The viability score: the average of the genre score, the medium score (with its page-count
 * adjustment, kept within 0-100) and the model score, rounded to a whole number.
 */
export function viabilityScore(parts: {
  genreScore: number;
  mediumScore: number;
  pageAdjustment: number;
  modelScore: number;
}): number {
  const medium = clamp(parts.mediumScore + parts.pageAdjustment);
  return Math.round(clamp((parts.genreScore + medium + parts.modelScore) / 3));
}

export function viabilityTier(score: number): string {
  return VIABILITY_TIERS.find((band) => score >= band.min)!.tier;
}
export function enhancedTier(score: number): string {
  return VIABILITY_TIERS.find((band) => score >= band.min)!.enhancedTier;
}
export function viabilityLabel(score: number): string {
  return VIABILITY_LABELS.find((band) => score >= band.min)!.label;
}

/** Price tier from suggestedOfferMax in pounds (null: no price, the lowest tier). */
export function priceTier(suggestedOfferMaxPounds: number | null): string {
  if (suggestedOfferMaxPounds === null) return LOWEST_PRICE_TIER;
  return (
    PRICE_TIERS.find((tier) => suggestedOfferMaxPounds > tier.above)?.tier ?? LOWEST_PRICE_TIER
  );
}

/**
 * ROI multiple: base 2.5, plus 0.1 for each point of score above 75 (less below), times the
 * genre factor (the genre's median multiple over the whole market's), between 0 and 5.
 */
export function roiMultiple(score: number, genreFactor: number): number {
  const byScore = ROI_BASE_MULTIPLE + (score - ROI_BASE_SCORE) / ROI_POINTS_PER_STEP;
  return Math.round(clamp(byScore * genreFactor, 0, ROI_CAP) * 100) / 100;
}

/** Part 1 section 4: score colour band. */
export type ScoreBand = 'green' | 'blue' | 'yellow' | 'red';
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'green';
  if (score >= 60) return 'blue';
  if (score >= 40) return 'yellow';
  return 'red';
}
/** Part 1 section 4: enhanced trend, sentiment and overall-risk bands. */
export function trendLabel(trend: number): 'Rising' | 'Stable' {
  return trend > 0 ? 'Rising' : 'Stable';
}
export function sentimentLabel(sentiment: number): string {
  if (sentiment > 50) return 'Very Positive';
  if (sentiment > 0) return 'Positive';
  if (sentiment === 0) return 'Neutral';
  return 'Negative';
}
export function overallRiskBand(risk: number): 'green' | 'yellow' | 'red' {
  if (risk < 30) return 'green';
  if (risk < 60) return 'yellow';
  return 'red';
}
/** Part 2 section 9: dashboard score colours and risk labels. */
export function dashboardScoreColour(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}
export function riskLabel(score: number): 'Low' | 'Moderate' | 'High' {
  if (score >= 70) return 'Low';
  if (score >= 50) return 'Moderate';
  return 'High';
}

/**
 * Whether the listing page shows the analysis panel at all. The spec gives commercial
 * analysis to premium producers; agents see it for their own listings (how their title
 * scores, and what would raise its confidence) and admins for every listing (decision 013).
 * Another agent's listing shows no panel: the API refuses them, so a panel could only error.
 */
export function showsAnalysisPanel(
  user: { id: number; role: string } | null,
  listingAgentId: number | null,
): boolean {
  if (user?.role === 'agent') return user.id === listingAgentId;
  return true;
}
