import type { FastifyBaseLogger } from 'fastify';

/**
 * A named piece of background work run every `intervalMs`. A job must be safe when several
 * app instances run it at the same moment (DESIGN.md: stateless instances): it claims its
 * rows with `FOR UPDATE SKIP LOCKED` or conditional updates, never with process memory.
 */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /**
   * Work to do once when an instance has started (e.g. finish what a crash left half done),
   * before the first timed run. Its outcome is logged; a failure is left to the timed runs.
   */
  atStart?(): Promise<unknown>;
}

export interface JobRunner {
  start(): void;
  /** Stops scheduling and waits for runs in progress to finish. */
  stop(): Promise<void>;
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
export function createJobRunner(options: { jobs: Job[]; log: FastifyBaseLogger }): JobRunner {
  const { jobs, log } = options;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let started = false;

  const execute = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const startedAt = Date.now();
    const run = job
      .run()
      .then(
        (result) => log.debug({ job: job.name, ms: Date.now() - startedAt, result }, 'job done'),
        (error: unknown) => log.error({ err: error, job: job.name }, 'job failed'),
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
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    async runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      await execute(job);
    },
    async runStartTasks() {
      for (const job of jobs) {
        if (!job.atStart) continue;
        try {
          log.info({ job: job.name, result: await job.atStart() }, 'start-up work done');
        } catch (error) {
          log.error({ err: error, job: job.name }, 'start-up work failed; the timed runs retry it');
        }
      }
    },
  };
}
