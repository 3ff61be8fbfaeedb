import { asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import type { AnalysisRun } from '../analysis.schema';
import { analysisRuns } from './analysis.tables';
import { loadGenreActivity, type GenreActivity } from './load-genre-activity';
import { refreshAnalyses } from './refresh-analyses';
import { refreshStaleAnalyses } from './refresh-stale-analyses';

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
  genreActivity: () => Promise<Map<string, GenreActivity>>,
): Promise<'worked' | 'idle'> {
  // A plain read first: with no active run (the usual case) no transaction is opened, and
  // the genre activity is read before the transaction, never inside it (on the embedded
  // database a statement outside an open transaction waits for it to end).
  const [active] = await db
    .select({ id: analysisRuns.id })
    .from(analysisRuns)
    .where(inArray(analysisRuns.status, ACTIVE))
    .limit(1);
  if (!active) return 'idle';
  const activity = await genreActivity();
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
      genreActivity: activity,
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

export interface AnalysisWorkOptions {
  now?: () => Date;
  budgetMs?: number;
  /**
   * How long the platform's activity per genre, read over the whole catalogue, is reused
   * from one tick to the next (default 0: read afresh each tick). At 100,000 listings the read
   * is 50 windowed statements, and read every 5 s tick it was most of the job's database time
   * (issue 33); genre totals move slowly, and a listing's own analysis is recomputed on read
   * when its inputs changed.
   */
  activityMaxAgeMs?: number;
}

const activityRead = new WeakMap<
  object,
  { at: number; value: Promise<Map<string, GenreActivity>> }
>();

function genreActivityOf(db: Database, maxAgeMs: number): Promise<Map<string, GenreActivity>> {
  const kept = activityRead.get(db);
  if (kept && maxAgeMs > 0 && Date.now() - kept.at < maxAgeMs) return kept.value;
  const value = loadGenreActivity(db);
  activityRead.set(db, { at: Date.now(), value });
  // A failed read is not kept.
  value.catch(() => activityRead.delete(db));
  return value;
}

/** Lets waiting requests and timers in between two statements or slices. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The job's tick: slices of the active run, else steps of the sweep for stale listings, for up
 * to 2 seconds, yielding to the event loop after each. `caughtUp` when no run slice was
 * there to work and the tick ended on a sweep lap that found nothing stale (or while the sweep
 * rests after such a lap): the catalogue is up to date.
 */
export async function processAnalysisWork(
  db: Database,
  options: AnalysisWorkOptions = {},
): Promise<{ slices: number; caughtUp: boolean }> {
  const now = options.now ?? (() => new Date());
  const deadline = Date.now() + (options.budgetMs ?? RECOMPUTE_TICK_MS);
  let slices = 0;
  // Read at most once a tick (or, for the server's job, once per `activityMaxAgeMs`), and
  // only when a slice has listings to analyse: an up-to-date catalogue costs the sweep's
  // windows alone, not a pass over all the activity tables.
  let activity: Promise<Map<string, GenreActivity>> | undefined;
  const genreActivity = () => (activity ??= genreActivityOf(db, options.activityMaxAgeMs ?? 0));
  while (Date.now() < deadline) {
    const outcome = await runSlice(db, now, genreActivity);
    if (outcome === 'worked') {
      slices += 1;
    } else {
      await yieldToEventLoop();
      const step = await refreshStaleAnalyses(db, {
        now: now(),
        slice: RECOMPUTE_SLICE,
        genreActivity,
      });
      if (step.kind === 'analysed') slices += 1;
      // One lap a tick: the next lap waits for the next tick rather than spinning.
      if (step.kind === 'lap-done') return { slices, caughtUp: step.upToDate };
    }
    await yieldToEventLoop();
  }
  return { slices, caughtUp: false };
}

/** Longest the start task keeps going before leaving the rest to the timer's ticks. */
export const START_CATCH_UP_MS = 5 * 60_000;

/**
 * Right after start: ticks back to back (each still yields after every listing) until the
 * catalogue is caught up, so every listing has the engine's score within a minute of start
 * instead of waiting out the timer's idle 3 seconds between ticks (issue 30).
 */
export async function catchUpAnalyses(
  db: Database,
  options: Omit<AnalysisWorkOptions, 'budgetMs'> = {},
): Promise<{ ticks: number; caughtUp: boolean }> {
  const deadline = Date.now() + START_CATCH_UP_MS;
  let ticks = 0;
  while (Date.now() < deadline) {
    ticks += 1;
    const { caughtUp } = await processAnalysisWork(db, options);
    if (caughtUp) return { ticks, caughtUp: true };
  }
  return { ticks, caughtUp: false };
}
