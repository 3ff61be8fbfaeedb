import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobRuns, type JobRunRow } from './jobs.tables';

/**
 * The job queue's reads and writes (decision 021). Every claim is a conditional update of
 * one row (`FOR UPDATE SKIP LOCKED`), so any number of instances can poll the same table on
 * PostgreSQL, and PGlite runs the same statements one after another.
 */

/** Statuses a run can be claimed from. */
const CLAIMABLE = ['queued', 'retry'];

/** Retries wait base, 2×base, 4×base... at most this long. */
export const MAX_BACKOFF_MS = 15 * 60 * 1000;

export const backoffMs = (attempt: number, baseMs: number): number =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Makes this period's run of a scheduled job, unless another instance made it already.
 * Returns true when this call made it; older runs of the job never started are then dropped,
 * so a job that ran long is not run once per missed period afterwards.
 */
export async function schedulePeriod(
  db: Database,
  job: { name: string; maxAttempts: number },
  period: number,
): Promise<boolean> {
  const made = await db
    .insert(jobRuns)
    .values({ job: job.name, period, maxAttempts: job.maxAttempts })
    .onConflictDoNothing()
    .returning({ id: jobRuns.id });
  if (made.length === 0) return false;
  await db
    .delete(jobRuns)
    .where(
      and(
        eq(jobRuns.job, job.name),
        eq(jobRuns.status, 'queued'),
        eq(jobRuns.attempts, 0),
        gte(jobRuns.period, 0),
        lt(jobRuns.period, period),
      ),
    );
  return true;
}

/**
 * Claims the next due run of one of `jobs` for `instance`, or null. A job already running
 * somewhere in the cluster (a live claim) is not started a second time.
 */
export async function claimNextRun(
  db: Database,
  options: { jobs: string[]; instance: string; leaseMs: number },
): Promise<JobRunRow | null> {
  if (options.jobs.length === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(
        and(
          inArray(jobRuns.job, options.jobs),
          inArray(jobRuns.status, CLAIMABLE),
          lte(jobRuns.runAfter, sql`now()`),
          sql`not exists (select 1 from job_runs other where other.job = ${jobRuns.job}
            and other.status = 'running' and other.locked_until > now())`,
        ),
      )
      .orderBy(asc(jobRuns.runAfter), asc(jobRuns.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(jobRuns)
      .set({
        status: 'running',
        attempts: sql`${jobRuns.attempts} + 1`,
        lockedBy: options.instance,
        lockedUntil: inMs(options.leaseMs),
        startedAt: sql`now()`,
        finishedAt: null,
      })
      .where(eq(jobRuns.id, due.id))
      .returning();
    return claimed;
  });
}

/** A run started here and now, outside the schedule (on demand, or an instance's start). */
export async function startRunNow(
  db: Database,
  options: { job: string; instance: string; leaseMs: number },
): Promise<JobRunRow> {
  // Negative periods are never a schedule's; the time in µs keeps each one apart.
  const period = -(Date.now() * 1000 + Math.floor(Math.random() * 1000));
  const [row] = await db
    .insert(jobRuns)
    .values({
      job: options.job,
      period,
      status: 'running',
      attempts: 1,
      maxAttempts: 1,
      lockedBy: options.instance,
      lockedUntil: inMs(options.leaseMs),
      startedAt: sql`now()`,
    })
    .returning();
  return row;
}

const ownRun = (id: number, instance: string) =>
  and(eq(jobRuns.id, id), eq(jobRuns.lockedBy, instance), eq(jobRuns.status, 'running'));

/** JSON for the history: what the job returned, or null when it cannot be kept as JSON. */
function storableResult(result: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(result ?? null)) as unknown;
  } catch {
    return null;
  }
}

export async function finishRun(
  db: Database,
  run: { id: number; instance: string; durationMs: number; result: unknown },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      status: 'done',
      finishedAt: sql`now()`,
      durationMs: run.durationMs,
      result: storableResult(run.result),
      error: null,
      lockedUntil: null,
    })
    .where(ownRun(run.id, run.instance));
}

/**
 * Records a failed attempt: retried after the backoff, or dead once its attempts are spent.
 * Returns what became of it (null when the claim had been lost meanwhile).
 */
export async function failRun(
  db: Database,
  run: { id: number; instance: string; durationMs: number; error: string; retryBaseMs: number },
): Promise<Pick<JobRunRow, 'status' | 'attempts' | 'maxAttempts' | 'runAfter'> | null> {
  const [row] = await db
    .select({ attempts: jobRuns.attempts, maxAttempts: jobRuns.maxAttempts })
    .from(jobRuns)
    .where(ownRun(run.id, run.instance));
  if (!row) return null;
  const dead = row.attempts >= row.maxAttempts;
  const [updated] = await db
    .update(jobRuns)
    .set({
      status: dead ? 'dead' : 'retry',
      runAfter: dead ? sql`now()` : inMs(backoffMs(row.attempts, run.retryBaseMs)),
      finishedAt: sql`now()`,
      durationMs: run.durationMs,
      error: run.error.slice(0, 2000),
      lockedUntil: null,
    })
    .where(ownRun(run.id, run.instance))
    .returning({
      status: jobRuns.status,
      attempts: jobRuns.attempts,
      maxAttempts: jobRuns.maxAttempts,
      runAfter: jobRuns.runAfter,
    });
  return updated ?? null;
}

/** Keeps this instance's claims alive while their runs go on. */
export async function renewClaims(db: Database, instance: string, leaseMs: number) {
  await db
    .update(jobRuns)
    .set({ lockedUntil: inMs(leaseMs) })
    .where(and(eq(jobRuns.lockedBy, instance), eq(jobRuns.status, 'running')));
}

/**
 * Runs whose instance stopped renewing its claim (killed, frozen) count as a failed attempt:
 * retried at once, or dead when their attempts are spent. Returns how many.
 */
export async function reclaimAbandonedRuns(db: Database): Promise<number> {
  const rows = await db
    .update(jobRuns)
    .set({
      status: sql`case when ${jobRuns.attempts} >= ${jobRuns.maxAttempts} then 'dead' else 'retry' end`,
      runAfter: sql`now()`,
      error: 'The instance running it stopped (its claim lapsed).',
      lockedUntil: null,
    })
    .where(and(eq(jobRuns.status, 'running'), lt(jobRuns.lockedUntil, sql`now()`)))
    .returning({ id: jobRuns.id });
  return rows.length;
}

/** At shutdown: runs this instance leaves unfinished go back to the queue for another. */
export async function releaseRuns(db: Database, instance: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobRuns)
    .set({
      status: 'retry',
      attempts: sql`greatest(${jobRuns.attempts} - 1, 0)`,
      runAfter: sql`now()`,
      error: 'Left unfinished at shutdown; picked up again.',
      lockedUntil: null,
    })
    .where(
      and(inArray(jobRuns.id, ids), eq(jobRuns.lockedBy, instance), eq(jobRuns.status, 'running')),
    );
}

/** How long the history is kept: finished runs two days (the 5 s jobs make ~50,000 a day), dead ones a month. */
export const KEEP_DONE_MS = 2 * 24 * 60 * 60 * 1000;
export const KEEP_DEAD_MS = 30 * 24 * 60 * 60 * 1000;

export async function pruneJobHistory(db: Database, now = new Date()): Promise<number> {
  const done = await db
    .delete(jobRuns)
    .where(
      and(
        eq(jobRuns.status, 'done'),
        lt(jobRuns.createdAt, new Date(now.getTime() - KEEP_DONE_MS)),
      ),
    )
    .returning({ id: jobRuns.id });
  const dead = await db
    .delete(jobRuns)
    .where(
      and(
        eq(jobRuns.status, 'dead'),
        lt(jobRuns.createdAt, new Date(now.getTime() - KEEP_DEAD_MS)),
      ),
    )
    .returning({ id: jobRuns.id });
  return done.length + dead.length;
}

/** Runs waiting to be claimed (due now), by job: the metrics' queue depth. */
export async function queueDepth(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ job: jobRuns.job, count: sql<number>`count(*)::int` })
    .from(jobRuns)
    .where(and(inArray(jobRuns.status, CLAIMABLE), lte(jobRuns.runAfter, sql`now()`)))
    .groupBy(jobRuns.job);
  return Object.fromEntries(rows.map((row) => [row.job, Number(row.count)]));
}

/** The newest runs, optionally of one job or status (the admin page and tests). */
export async function recentJobRuns(
  db: Database,
  filter: { job?: string; status?: string; limit?: number } = {},
): Promise<JobRunRow[]> {
  return db
    .select()
    .from(jobRuns)
    .where(
      and(
        filter.job ? eq(jobRuns.job, filter.job) : undefined,
        filter.status ? eq(jobRuns.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(jobRuns.id))
    .limit(filter.limit ?? 50);
}

/** Per job: its runs by status and its last finished run (the admin page's queues). */
export async function jobQueueSummary(db: Database) {
  return db
    .select({
      job: jobRuns.job,
      queued: sql<number>`count(*) filter (where ${jobRuns.status} = 'queued')::int`,
      running: sql<number>`count(*) filter (where ${jobRuns.status} = 'running')::int`,
      retrying: sql<number>`count(*) filter (where ${jobRuns.status} = 'retry')::int`,
      done: sql<number>`count(*) filter (where ${jobRuns.status} = 'done')::int`,
      dead: sql<number>`count(*) filter (where ${jobRuns.status} = 'dead')::int`,
      lastFinishedAt: sql<Date | null>`max(${jobRuns.finishedAt})`,
    })
    .from(jobRuns)
    .groupBy(jobRuns.job)
    .orderBy(asc(jobRuns.job));
}
