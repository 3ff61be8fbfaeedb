import { and, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { BatchQuery, BatchResponse, SearchQuery, SearchResponse } from '../analysis.schema';
import { listingAnalyses } from './analysis.tables';
import { toBatchItem, toSearchItem } from './to-batch-item';

const columns = {
  listingId: listings.id,
  title: listings.title,
  author: listings.author,
  genre: listings.genre,
  medium: listings.medium,
  commercialScore: sql<number>`${listingAnalyses.commercialScore}`,
  result: listingAnalyses.result,
  computedAt: listingAnalyses.computedAt,
};

/** Scored analyses of listings on the market (drafts and withdrawn listings never show). */
const scoredOnMarket = () => [
  eq(listingAnalyses.status, 'ok'),
  isNotNull(listingAnalyses.commercialScore),
  listingOnMarket(),
];

async function countScored(db: Executor, extra: SQL[] = []): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingAnalyses)
    .innerJoin(listings, eq(listings.id, listingAnalyses.listingId))
    .where(and(...scoredOnMarket(), ...extra));
  return Number(row?.n ?? 0);
}

/**
 * The viability dashboard (part 2 section 2): the best-scored analysed listings, optionally
 * of one genre and medium, from stored analyses only (the job keeps them current).
 */
export async function findAnalysisBatch(db: Executor, query: BatchQuery): Promise<BatchResponse> {
  const conditions: SQL[] = [];
  if (query.genre) conditions.push(sql`lower(${listings.genre}) = ${query.genre.toLowerCase()}`);
  if (query.medium) conditions.push(sql`lower(${listings.medium}) = ${query.medium.toLowerCase()}`);
  const [rows, totalAnalyzed] = await Promise.all([
    db
      .select(columns)
      .from(listingAnalyses)
      .innerJoin(listings, eq(listings.id, listingAnalyses.listingId))
      .where(and(...scoredOnMarket(), ...conditions))
      .orderBy(desc(listingAnalyses.commercialScore), listings.id)
      .limit(query.limit),
    countScored(db),
  ]);
  return { analyses: rows.map(toBatchItem), totalAnalyzed };
}

/**
 * The commercial analysis search (part 2 sections 2 and 3): score range and the summary's
 * market size, production complexity and ROI potential; pages of at most 20. An agent finds
 * only their own listings (they see the analysis of their own titles, decision 013).
 */
export async function searchAnalyses(
  db: Executor,
  query: SearchQuery,
  viewer: { id: number; role: string },
): Promise<SearchResponse> {
  const conditions: SQL[] = [];
  if (query.minScore !== undefined)
    conditions.push(gte(listingAnalyses.commercialScore, query.minScore));
  if (query.maxScore !== undefined)
    conditions.push(lte(listingAnalyses.commercialScore, query.maxScore));
  const summary = (field: string, value: string | undefined) => {
    if (value !== undefined) {
      conditions.push(sql`${listingAnalyses.result} -> 'summary' ->> ${field} = ${value}`);
    }
  };
  summary('marketSize', query.marketSize);
  summary('productionComplexity', query.productionComplexity);
  summary('roiPotential', query.roiPotential);
  const scope: SQL[] = viewer.role === 'agent' ? [eq(listings.agentId, viewer.id)] : [];
  const [rows, totalFound, totalAnalyzed] = await Promise.all([
    db
      .select(columns)
      .from(listingAnalyses)
      .innerJoin(listings, eq(listings.id, listingAnalyses.listingId))
      .where(and(...scoredOnMarket(), ...scope, ...conditions))
      .orderBy(desc(listingAnalyses.commercialScore), listings.id)
      .limit(query.limit)
      .offset(query.offset),
    countScored(db, [...scope, ...conditions]),
    countScored(db, scope),
  ]);
  return {
    results: rows.map(toSearchItem),
    totalAnalyzed,
    totalFound,
    limit: query.limit,
    offset: query.offset,
  };
}
