import type { Analysis, BatchItem, SearchItem } from '../analysis.schema';

export interface AnalysedListingRow {
  listingId: number;
  title: string;
  author: string;
  genre: string | null;
  medium: string;
  commercialScore: number;
  result: Record<string, unknown>;
  computedAt: Date;
}

const scoreOf = (figure: Analysis['viabilityScore'] | undefined): number | null =>
  figure && figure.kind === 'value' && typeof figure.value === 'number' ? figure.value : null;

/** How a title makes money on screen, by medium (the dashboard's monetisation methods). */
const MONETISATION: Record<string, string[]> = {
  book: ['Theatrical', 'Streaming licence', 'International sales'],
  comic: ['Theatrical', 'Merchandising', 'Streaming licence'],
  game: ['Theatrical', 'Merchandising', 'Game tie-ins'],
  toy: ['Merchandising', 'Theatrical'],
  television: ['Series licence', 'Streaming licence'],
  podcast: ['Series licence', 'Streaming licence'],
};

/** A stored analysis as part 2's batch item (the dashboard) and search result. */
export function toBatchItem(row: AnalysedListingRow): BatchItem {
  const analysis = row.result as unknown as Analysis;
  const roi = analysis.financial?.roiMultiple;
  return {
    listing: {
      id: row.listingId,
      title: row.title,
      author: row.author,
      genre: row.genre,
      medium: row.medium,
    },
    commercialScore: row.commercialScore,
    marketAppeal: {
      score: scoreOf(analysis.aiScores?.marketAppeal),
      demographic: analysis.summary?.targetDemographic ?? '',
    },
    adaptationPotential: {
      score: scoreOf(analysis.aiScores?.adaptationFit),
      mediumSuitability: `${row.medium}: ${analysis.static?.mediumScore?.kind === 'value' ? `${String(analysis.static.mediumScore.value)}/100` : 'Insufficient data'}`,
    },
    revenueProjections: {
      score: scoreOf(analysis.aiScores?.financialOutlook),
      roiPotential: roi && roi.kind === 'value' ? `${String(roi.value)}×` : null,
      marketComparables: analysis.forecasting?.comparablesCount ?? 0,
      monetizationMethods: MONETISATION[row.medium] ?? ['Theatrical', 'Streaming licence'],
    },
    riskAssessment: { score: analysis.summary?.riskScore ?? null },
    keyInsights: analysis.summary?.keyInsights ?? [],
    recommendedAction: analysis.summary?.recommendedAction ?? '',
    dataRange: analysis.dataRange ?? '',
  };
}

export function toSearchItem(row: AnalysedListingRow): SearchItem {
  const analysis = row.result as unknown as Analysis;
  return {
    ...toBatchItem(row),
    listingId: row.listingId,
    marketSize: analysis.summary?.marketSize ?? null,
    productionComplexity: analysis.summary?.productionComplexity ?? null,
    roiPotential: analysis.summary?.roiPotential ?? null,
    riskScore: analysis.summary?.riskScore ?? null,
    targetDemographic: analysis.summary?.targetDemographic ?? '',
    lastAnalyzedAt: row.computedAt.toISOString(),
  };
}
