import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { ENGINE_VERSION } from '../analysis.constants';
import type { AnalysisRun } from '../analysis.schema';
import { analysisRuns, listingAnalyses } from './analysis.tables';
import { loadGenreActivity, type GenreActivity } from './load-engine-inputs';
import { refreshAnalyses } from './refresh-analyses';

/**
 * Listings per slice: one transaction, one cursor step. Small, because on the embedded
 * database every query holds the event loop: at 100 a slice the job stalled requests for
 * 255 ms, at 10 for well under that (`npm run bench:analysis-job`).
 */
export const RECOMPUTE_SLICE = 10;
/** A job tick works slices until this much time has passed, then leaves the rest to the next. */
export const RECOMPUTE_TICK_MS = 2_000;
const ACTIVE = ['queued', 'running'];

export function toAnalysisRun(row: typeof analysisRuns.$inferSelect): AnalysisRun {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

/**
 * An admin asks for the whole catalogue to be analysed again: a queued run, or the run already
 * queued or running (asking twice does not start two).
 */
export async function queueRecompute(
  db: Database,
  requestedBy: number | null,
): Promise<AnalysisRun> {
  return db.transaction(async (tx) => {
    // One active run at a time, across instances: the lock serialises concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analysis_runs:queue'))`);
    const [active] = await tx
      .select()
      .from(analysisRuns)
      .where(inArray(analysisRuns.status, ACTIVE))
      .orderBy(desc(analysisRuns.createdAt))
      .limit(1);
    if (active) return toAnalysisRun(active);
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(listings);
    const [run] = await tx
      .insert(analysisRuns)
      .values({ status: 'queued', total: Number(total), requestedBy })
      .returning();
    return toAnalysisRun(run);
  });
}

/**
 * One slice of the active run: claimed with FOR UPDATE SKIP LOCKED (another instance working
 * it skips it), the next listings after its cursor analysed with `force`, the cursor and counts
 * moved on in the same transaction, so a crash resumes after the last committed slice.
 */
async function runSlice(
  db: Database,
  now: () => Date,
  genreActivity: Map<string, GenreActivity>,
): Promise<'worked' | 'idle'> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(analysisRuns)
      .where(inArray(analysisRuns.status, ACTIVE))
      .orderBy(asc(analysisRuns.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!run) return 'idle';
    const ids = (
      await tx
        .select({ id: listings.id })
        .from(listings)
        .where(gt(listings.id, run.cursor))
        .orderBy(asc(listings.id))
        .limit(RECOMPUTE_SLICE)
    ).map((row) => row.id);
    if (ids.length === 0) {
      await tx
        .update(analysisRuns)
        .set({ status: 'done', finishedAt: now(), startedAt: run.startedAt ?? now() })
        .where(eq(analysisRuns.id, run.id));
      return 'worked';
    }
    const { results, failed } = await refreshAnalyses(tx, ids, {
      now: now(),
      force: true,
      genreActivity,
    });
    await tx
      .update(analysisRuns)
      .set({
        status: 'running',
        startedAt: run.startedAt ?? now(),
        cursor: ids[ids.length - 1],
        processed: run.processed + results.size + failed,
        failed: run.failed + failed,
        total: Math.max(run.total, run.processed + ids.length),
      })
      .where(eq(analysisRuns.id, run.id));
    return 'worked';
  });
}

/**
 * Between runs, listings never analysed, analysed by an older engine, or edited since their
 * analysis are brought up to date a slice at a time, so new listings reach the dashboard.
 */
async function refreshStaleSlice(
  db: Database,
  now: () => Date,
  genreActivity: Map<string, GenreActivity>,
): Promise<number> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(listingAnalyses, eq(listingAnalyses.listingId, listings.id))
    .where(
      or(
        isNull(listingAnalyses.listingId),
        ne(listingAnalyses.engineVersion, ENGINE_VERSION),
        and(gt(listings.updatedAt, listingAnalyses.computedAt)),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(RECOMPUTE_SLICE);
  if (rows.length === 0) return 0;
  await refreshAnalyses(
    db,
    rows.map((row) => row.id),
    { now: now(), force: true, genreActivity },
  );
  return rows.length;
}

/** The job's tick: slices of the active run, else of stale listings, for up to 2 seconds. */
export async function processAnalysisWork(
  db: Database,
  options: { now?: () => Date; budgetMs?: number } = {},
): Promise<{ slices: number }> {
  const now = options.now ?? (() => new Date());
  const deadline = Date.now() + (options.budgetMs ?? RECOMPUTE_TICK_MS);
  let slices = 0;
  // Read once a tick (a whole-catalogue aggregate), not once a slice.
  const genreActivity = await loadGenreActivity(db);
  while (Date.now() < deadline) {
    const outcome = await runSlice(db, now, genreActivity);
    if (outcome === 'idle') {
      const refreshed = await refreshStaleSlice(db, now, genreActivity);
      if (refreshed === 0) break;
    }
    slices += 1;
    // Let waiting requests in between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { slices };
}
