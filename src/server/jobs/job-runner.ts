import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { runAsBackground } from '../db/background-priority';
import {
  claimNextRun,
  failRun,
  finishRun,
  reclaimAbandonedRuns,
  releaseRuns,
  renewClaims,
  schedulePeriod,
  startRunNow,
} from './job-queue';
import type { JobRunRow } from './jobs.tables';

/** What the runner tells a run while it goes. */
export interface JobContext {
  /** True once the instance is shutting down: a long run stops at its next safe point. */
  shouldStop(): boolean;
}

/**
 * A named piece of background work, run once per `intervalMs` across the whole cluster
 * through the job queue (decision 021). A job must still be safe when two runs meet (a run
 * on demand, a retry after a lapsed claim): it claims its rows with `FOR UPDATE SKIP LOCKED`
 * or conditional updates, never with process memory.
 */
export interface Job {
  name: string;
  intervalMs: number;
  run(context: JobContext): Promise<unknown>;
  /**
   * Work to do once when an instance has started (e.g. finish what a crash left half done),
   * before the first timed run. Its outcome is recorded as a run named `<name>:start`; a
   * failure is left to the timed runs.
   */
  atStart?(): Promise<unknown>;
  /** Attempts of one period's run before it is dead (default 5). */
  maxAttempts?: number;
  /** The first retry's wait; each next one doubles (default 10 s, at most 15 min). */
  retryBaseMs?: number;
}

export interface JobRunner {
  /** This instance's name in the queue's `locked_by` (host, process id, random suffix). */
  readonly instance: string;
  start(): void;
  /**
   * Stops claiming and start-up work, and waits for runs in progress to finish, for at most
   * `graceMs`. A run still going then is handed back to the queue: every job is safe to stop
   * at any point (they survive kill -9, bench:crash), and another instance picks it up.
   */
  stop(graceMs?: number): Promise<void>;
  /** Runs one job here and now, recorded in the history (tests, a kick from a route). */
  runNow(name: string): Promise<void>;
  /** Runs every job's `atStart` work, one after another; never throws. */
  runStartTasks(): Promise<void>;
  /** One pass of the worker: schedule this period's runs, claim and start what is due. */
  tick(): Promise<void>;
  /**
   * Start-up work and the queue's polls wait for `ready` (for at most `maxWaitMs`), e.g. the
   * catalogue index being built right after start: jobs on the same embedded database would
   * slow the build while searches are answered by SQL (issue 33).
   */
  holdUntil(ready: Promise<unknown>, maxWaitMs?: number): void;
}

/** Longest the jobs wait for what `holdUntil` names. */
export const JOB_HOLD_MAX_MS = 60_000;

export const JOB_STOP_GRACE_MS = 2_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BASE_MS = 10_000;

/** Told of every finished run (the metrics endpoint counts them). */
export type JobObserver = (job: string, ms: number, outcome: 'done' | 'failed') => void;

export interface JobRunnerOptions {
  jobs: Job[];
  db: Database;
  log: FastifyBaseLogger;
  observe?: JobObserver;
  /** How often the worker looks for due runs (default 1 s). */
  pollMs?: number;
  /**
   * The first look after start (default 5 s): a starting instance answers its first requests
   * and does its start-up work before the queue's runs begin, as the timers' first runs did.
   */
  firstPollMs?: number;
  /** How long a claim holds without renewal; a killed instance's runs wait this long. */
  leaseMs?: number;
  instance?: string;
}

/** What a run's outcome is written with: this instance's database handle, log and metrics. */
interface OutcomeRecorder {
  db: JobRunnerOptions['db'];
  log: JobRunnerOptions['log'];
  observe: JobRunnerOptions['observe'];
  instance: string;
}

/** A failed run: retried after a backoff, or dead when it has no attempts left; logged so. */
async function recordFailure(
  { db, log, observe, instance }: OutcomeRecorder,
  job: Job,
  row: JobRunRow,
  ms: number,
  error: unknown,
): Promise<void> {
  observe?.(job.name, ms, 'failed');
  const outcome = await failRun(db, {
    id: row.id,
    instance,
    durationMs: ms,
    error: error instanceof Error ? error.message : String(error),
    retryBaseMs: job.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
  });
  const dead = outcome?.status === 'dead';
  (dead ? log.error : log.warn).call(
    log,
    {
      err: error,
      job: row.job,
      runId: row.id,
      attempt: row.attempts,
      ms,
      retryAt: dead ? undefined : outcome?.runAfter,
    },
    dead ? 'job failed and is dead (no attempts left)' : 'job failed; retried after a backoff',
  );
}

const instanceName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Resolves when `ready` settles, or after `maxWaitMs`, whichever comes first. */
function readyOrTimedOut(ready: Promise<unknown>, maxWaitMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
    timer.unref();
  });
  const readyOrNot = ready.catch(() => undefined);
  return Promise.race([readyOrNot, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The queue's worker for one instance: it polls the job_runs table, makes each job's run for
 * the current period (one per cluster: a unique (job, period) row), claims due runs, and
 * records each outcome with its duration. A failed run is retried with backoff and dead
 * after its attempts; results are logged at info.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { jobs, db, log, observe } = options;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const instance = options.instance ?? instanceName();
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const running = new Map<string, { promise: Promise<void>; runId: number }>();
  const scheduled = new Map<string, number>();
  let started = false;
  let stopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let lastRenewal = Date.now();
  let lastReclaim = 0;
  let held: Promise<unknown> = Promise.resolve();
  const startingUp = new Set<string>();
  const context: JobContext = { shouldStop: () => stopping };

  const execute = (job: Job, row: JobRunRow, work: () => Promise<unknown>): Promise<void> => {
    const startedAt = Date.now();
    // Background work: its statements wait for the requests in flight (decision 025).
    const promise = runAsBackground(work)
      .then(
        async (result) => {
          const ms = Date.now() - startedAt;
          observe?.(job.name, ms, 'done');
          log.info({ job: row.job, runId: row.id, attempt: row.attempts, ms, result }, 'job done');
          await finishRun(db, { id: row.id, instance, durationMs: ms, result });
        },
        (error: unknown) =>
          recordFailure({ db, log, observe, instance }, job, row, Date.now() - startedAt, error),
      )
      .catch((error: unknown) =>
        log.error({ err: error, job: row.job }, 'job outcome not recorded'),
      )
      .finally(() => running.delete(row.job));
    running.set(row.job, { promise, runId: row.id });
    return promise;
  };

  const scheduleDue = async (now: number) => {
    for (const job of jobs) {
      const period = Math.floor(now / job.intervalMs);
      if (scheduled.get(job.name) === period) continue;
      await schedulePeriod(
        db,
        { name: job.name, maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS },
        period,
      );
      scheduled.set(job.name, period);
    }
  };

  const claimDue = async () => {
    for (;;) {
      if (stopping) return;
      // A job whose start-up work is still going (e.g. the analysis catch-up) has no timed
      // run beside it: the two would do the same work twice over.
      const free = jobs
        .filter((job) => !running.has(job.name) && !startingUp.has(job.name))
        .map((job) => job.name);
      const row = await claimNextRun(db, { jobs: free, instance, leaseMs });
      if (!row) return;
      const job = byName.get(row.job);
      if (job) void execute(job, row, () => job.run(context));
    }
  };

  const tick = async () => {
    const now = Date.now();
    if (now - lastReclaim > 10_000) {
      lastReclaim = now;
      const reclaimed = await reclaimAbandonedRuns(db);
      if (reclaimed > 0)
        log.warn({ reclaimed }, 'job runs of a stopped instance put back in the queue');
    }
    if (running.size > 0 && now - lastRenewal > leaseMs / 4) {
      lastRenewal = now;
      await renewClaims(db, instance, leaseMs);
    }
    await scheduleDue(now);
    await claimDue();
  };

  const poll = (delayMs = pollMs) => {
    if (!started) return;
    pollTimer = setTimeout(() => {
      // The queue's own statements are background work too.
      held
        .then(() => runAsBackground(tick))
        .catch((error: unknown) => log.error({ err: error }, 'job queue poll failed'))
        .finally(() => poll());
    }, delayMs);
    pollTimer.unref();
  };

  const runHere = async (job: Job, name: string, work: () => Promise<unknown>) => {
    const row = await startRunNow(db, { job: name, instance, leaseMs });
    await execute(job, row, work);
  };
  // Marked before its run is recorded: a poll meanwhile must not claim a timed run beside it.
  const runStartWork = (job: Job, work: () => Promise<unknown>) => {
    startingUp.add(job.name);
    return runHere(job, `${job.name}:start`, work).finally(() => startingUp.delete(job.name));
  };

  return {
    instance,
    tick,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      poll(options.firstPollMs ?? 5_000);
    },
    async stop(graceMs = JOB_STOP_GRACE_MS) {
      started = false;
      stopping = true;
      clearTimeout(pollTimer);
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        graceTimer = setTimeout(() => resolve('grace over'), graceMs);
      });
      const runs = [...running.values()];
      const outcome = await Promise.race([Promise.all(runs.map((run) => run.promise)), graceOver]);
      clearTimeout(graceTimer);
      if (outcome === 'grace over') {
        const left = [...running.entries()];
        log.warn(
          { jobs: left.map(([name]) => name), graceMs },
          'jobs still running at shutdown were handed back to the queue',
        );
        await releaseRuns(
          db,
          instance,
          left.map(([, run]) => run.runId),
        ).catch(() => {});
      }
    },
    async runNow(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      const current = running.get(name);
      if (current) return current.promise;
      await runHere(job, name, () => job.run(context));
    },
    holdUntil(ready, maxWaitMs = JOB_HOLD_MAX_MS) {
      held = readyOrTimedOut(ready, maxWaitMs);
    },
    async runStartTasks() {
      await held;
      for (const job of jobs) {
        // Shutting down: what is left is finished by the next start.
        if (stopping) return;
        if (!job.atStart) continue;
        const atStart = job.atStart.bind(job);
        await runStartWork(job, atStart).catch((error: unknown) =>
          log.error({ err: error, job: job.name }, 'start-up work could not be recorded'),
        );
      }
    },
  };
}
