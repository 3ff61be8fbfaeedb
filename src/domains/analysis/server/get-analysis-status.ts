import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { ENGINE_VERSION } from '../analysis.constants';
import type { AnalysisStatus } from '../analysis.schema';
import { analysisRuns, listingAnalyses } from './analysis.tables';
import { CPI_SOURCE } from './market/cpi-u.constants';
import { EXCHANGE_RATE_SOURCE, EXCHANGE_RATE_YEAR } from './market/money.constants';
import { loadMarketData } from './market/market-data';
import { toAnalysisRun } from './recompute-analyses';

const BANDS = [
  { band: 'High Risk', from: 0, to: 49 },
  { band: 'Cautionary', from: 50, to: 69 },
  { band: 'Viable', from: 70, to: 84 },
  { band: 'Highly Viable', from: 85, to: 100 },
];

/** The admin page: coverage, the latest run, the score distribution, engine and sources. */
export async function getAnalysisStatus(db: Executor): Promise<AnalysisStatus> {
  const market = loadMarketData();
  const [counts] = await db
    .select({
      listings: sql<number>`count(*)::int`,
      analysed: sql<number>`count(${listingAnalyses.listingId})::int`,
      failed: sql<number>`count(*) filter (where ${listingAnalyses.status} = 'failed')::int`,
      stale: sql<number>`count(*) filter (where ${listingAnalyses.listingId} is not null and (${listingAnalyses.engineVersion} <> ${ENGINE_VERSION} or ${listings.updatedAt} > ${listingAnalyses.computedAt}))::int`,
      insufficient: sql<number>`count(*) filter (where ${listingAnalyses.status} = 'ok' and ${listingAnalyses.commercialScore} is null)::int`,
    })
    .from(listings)
    .leftJoin(listingAnalyses, eq(listingAnalyses.listingId, listings.id));
  const scores = await db
    .select({
      score: listingAnalyses.commercialScore,
      n: sql<number>`count(*)::int`,
    })
    .from(listingAnalyses)
    .where(sql`${listingAnalyses.commercialScore} is not null`)
    .groupBy(listingAnalyses.commercialScore);
  const [run] = await db.select().from(analysisRuns).orderBy(desc(analysisRuns.createdAt)).limit(1);
  const listingsCount = Number(counts.listings);
  const analysed = Number(counts.analysed);
  const stale = Number(counts.stale);
  const failed = Number(counts.failed);
  return {
    engineVersion: ENGINE_VERSION,
    listings: listingsCount,
    analysed,
    current: analysed - stale - failed,
    stale,
    failed,
    missing: listingsCount - analysed,
    insufficient: Number(counts.insufficient),
    distribution: BANDS.map((band) => ({
      ...band,
      count: scores
        .filter((row) => row.score !== null && row.score >= band.from && row.score <= band.to)
        .reduce((sum, row) => sum + Number(row.n), 0),
    })),
    run: run ? toAnalysisRun(run) : null,
    dataRange: market.dataRange,
    sources: [
      market.source,
      CPI_SOURCE,
      `${EXCHANGE_RATE_SOURCE}, ${EXCHANGE_RATE_YEAR} average`,
      'PageToScreen activity (views, favourites, offers)',
    ],
    cleaning: Object.entries(market.report.applied).map(([rule, rows]) => ({
      rule,
      rows,
      examples: market.report.examples[rule as keyof typeof market.report.examples],
    })),
    films: market.films.length,
  };
}
