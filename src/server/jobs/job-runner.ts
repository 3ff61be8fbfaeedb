import type { FastifyBaseLogger } from 'fastify';

/**
 * A named piece of background work run every `intervalMs`. A job must be safe when several
 * app instances run it at the same moment (DESIGN.md: stateless instances): it claims its
 * rows with `FOR UPDATE SKIP LOCKED` or conditional updates, never with process memory.
 */
/** What the runner tells a run while it goes. */
export interface JobContext {
  /** True once the instance is shutting down: a long run stops at its next safe point. */
  shouldStop(): boolean;
}

export interface Job {
  name: string;
  intervalMs: number;
  run(context: JobContext): Promise<unknown>;
  /**
   * Work to do once when an instance has started (e.g. finish what a crash left half done),
   * before the first timed run. Its outcome is logged; a failure is left to the timed runs.
   */
  atStart?(): Promise<unknown>;
}

export interface JobRunner {
  start(): void;
  /**
   * Stops scheduling and start-up work, and waits for runs in progress to finish, for at most
   * `graceMs`. A run still going then is left: every job is safe to stop at any point (they
   * survive kill -9, bench:crash), and its work is picked up again on the next start.
   */
  stop(graceMs?: number): Promise<void>;
  /** Runs one job now (tests, start-up); resolves when it is done. */
  runNow(name: string): Promise<void>;
  /** Runs every job's `atStart` work, one after another; never throws. */
  runStartTasks(): Promise<void>;
}

/**
 * Runs each job on its own timer, never overlapping itself within this process; the first
 * run comes after one interval (with a little jitter so instances started together spread
 * out). A failing run is logged and tried again at the next tick.
 */
export const JOB_STOP_GRACE_MS = 2_000;

/** Told of every finished run (the metrics endpoint counts them). */
export type JobObserver = (job: string, ms: number, outcome: 'done' | 'failed') => void;

export function createJobRunner(options: {
  jobs: Job[];
  log: FastifyBaseLogger;
  observe?: JobObserver;
}): JobRunner {
  const { jobs, log, observe } = options;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let started = false;
  let stopping = false;
  const context: JobContext = { shouldStop: () => stopping };

  const execute = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const startedAt = Date.now();
    const run = job
      .run(context)
      .then(
        (result) => {
          const ms = Date.now() - startedAt;
          observe?.(job.name, ms, 'done');
          log.debug({ job: job.name, ms, result }, 'job done');
        },
        (error: unknown) => {
          observe?.(job.name, Date.now() - startedAt, 'failed');
          log.error({ err: error, job: job.name }, 'job failed');
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  const schedule = (job: Job) => {
    if (!started) return;
    const jitter = Math.floor(Math.random() * Math.min(5_000, job.intervalMs / 10));
    const timer = setTimeout(() => {
      void execute(job).finally(() => schedule(job));
    }, job.intervalMs + jitter);
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    start() {
      if (started) return;
      started = true;
      for (const job of jobs) schedule(job);
    },
    async stop(graceMs = JOB_STOP_GRACE_MS) {
      started = false;
      stopping = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        graceTimer = setTimeout(() => resolve('grace over'), graceMs);
      });
      const outcome = await Promise.race([Promise.all(running.values()), graceOver]);
      clearTimeout(graceTimer);
      if (outcome === 'grace over') {
        log.warn(
          { jobs: [...running.keys()], graceMs },
          'jobs still running at shutdown were left; the next start picks their work up',
        );
      }
    },
    async runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      await execute(job);
    },
    async runStartTasks() {
      for (const job of jobs) {
        // Shutting down: what is left is finished by the next start.
        if (stopping) return;
        if (!job.atStart) continue;
        const name = `${job.name} (start-up)`;
        // Tracked like a run, so that stop() waits for it too.
        const work = job.atStart().then(
          (result) => log.info({ job: job.name, result }, 'start-up work done'),
          (error: unknown) =>
            log.error(
              { err: error, job: job.name },
              'start-up work failed; the timed runs retry it',
            ),
        );
        running.set(name, work);
        await work.finally(() => running.delete(name));
      }
    },
  };
}
