import { and, asc, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import type { EnrichmentSource } from '../enrichment.constants';
import type {
  BatchEnrichResponse,
  EnrichmentRun,
  EnrichmentStatus,
  RunResult,
  RunStatus,
} from '../enrichment.schema';
import { serviceConfig, type EnrichmentServices } from './enrichment-services';
import { enrichmentResults, enrichmentRuns } from './enrichment.tables';
import { LOOKED_UP_STATUSES } from './start-enrichment-run';

type RunRow = typeof enrichmentRuns.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function resultsOf(db: Executor, runId: number): Promise<RunResult[]> {
  const rows = await db
    .select({
      listingId: enrichmentResults.listingId,
      title: listings.title,
      status: enrichmentResults.status,
      message: enrichmentResults.message,
      data: enrichmentResults.data,
      createdAt: enrichmentResults.createdAt,
    })
    .from(enrichmentResults)
    .innerJoin(listings, eq(listings.id, enrichmentResults.listingId))
    .where(eq(enrichmentResults.runId, runId))
    .orderBy(asc(enrichmentResults.id));
  return rows.map((row) => ({
    ...row,
    status: row.status as RunResult['status'],
    data: row.data ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function toRunView(db: Executor, run: RunRow): Promise<EnrichmentRun> {
  return {
    id: run.id,
    source: run.source,
    status: run.status as RunStatus,
    batchSize: run.batchSize,
    total: run.total,
    processed: run.processed,
    failed: run.failed,
    autoApply: run.autoApply,
    lastError: run.lastError,
    resumeAt: iso(run.resumeAt),
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    results: await resultsOf(db, run.id),
  };
}

/**
 * The admin page's status cards: how many listings there are, how many the service has
 * looked up (figures found, or nothing to find), the rest, and the share as a whole percent;
 * with whether the service is configured and its latest run with per-listing results.
 */
export async function findEnrichmentStatus(
  db: Executor,
  services: EnrichmentServices,
  source: EnrichmentSource,
): Promise<EnrichmentStatus> {
  const [counts] = await db.select({ total: sql<number>`count(*)::int` }).from(listings);
  const [looked] = await db
    .select({ enriched: countDistinct(enrichmentResults.listingId) })
    .from(enrichmentResults)
    .innerJoin(listings, eq(listings.id, enrichmentResults.listingId))
    .where(
      and(
        eq(enrichmentResults.source, source),
        inArray(enrichmentResults.status, LOOKED_UP_STATUSES),
      ),
    );
  const total = Number(counts?.total ?? 0);
  const enriched = Number(looked?.enriched ?? 0);
  const [last] = await db
    .select()
    .from(enrichmentRuns)
    .where(eq(enrichmentRuns.source, source))
    .orderBy(desc(enrichmentRuns.createdAt), desc(enrichmentRuns.id))
    .limit(1);
  return {
    total,
    enriched,
    remaining: total - enriched,
    // Rounded down, so 'Complete' (100) means every listing.
    percentage: total === 0 ? 0 : Math.floor((enriched / total) * 100),
    service: serviceConfig(services, source),
    lastRun: last ? await toRunView(db, last) : null,
  };
}

export const BATCH_NOT_FOUND = 'Batch not found';

/** A Google Books batch as the dashboard polls it: results so far and the summary. */
export async function getBookBatch(db: Executor, runId: number): Promise<BatchEnrichResponse> {
  const [run] = await db
    .select()
    .from(enrichmentRuns)
    .where(and(eq(enrichmentRuns.id, runId), eq(enrichmentRuns.source, 'google_books')));
  if (!run) throw notFound(BATCH_NOT_FOUND);
  const results = await resultsOf(db, run.id);
  const count = (status: string) => results.filter((r) => r.status === status).length;
  return {
    runId: run.id,
    status: run.status as RunStatus,
    lastError: run.lastError,
    resumeAt: iso(run.resumeAt),
    results,
    summary: {
      total: run.total,
      totalProcessed: results.length,
      enriched: count('enriched'),
      applied: results.filter(
        (r) => Array.isArray(r.data?.applied) && (r.data.applied as unknown[]).length > 0,
      ).length,
      ambiguous: count('ambiguous'),
      noMatch: count('no_match'),
      errors: count('error'),
    },
  };
}
