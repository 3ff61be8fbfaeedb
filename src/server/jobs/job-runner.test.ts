import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase } from '../../../tests/helpers/test-database';
import type { Database } from '../db/client';
import { createJobRunner, type Job, type JobRunner } from './job-runner';
import { pruneJobHistory, queueDepth, recentJobRuns } from './job-queue';
import { jobRuns } from './jobs.tables';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let db: Database;

beforeAll(async () => {
  db = (await getWorkerDatabase()).db;
});

beforeEach(async () => {
  await db.delete(jobRuns);
});

const runner = (jobs: Job[], instance: string): JobRunner =>
  createJobRunner({ db, log, jobs, instance, pollMs: 15, firstPollMs: 0 });

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

const runsOf = async (job: string) =>
  (await recentJobRuns(db, { job, limit: 500 })).sort((a, b) => a.id - b.id);

describe('[PLATFORM] the job queue', () => {
  it('runs a scheduled job once per period across two instances on one database', async () => {
    const ranBy: string[] = [];
    const job = (instance: string): Job => ({
      name: 'tick',
      intervalMs: 250,
      run: async () => {
        ranBy.push(instance);
        await sleep(30);
        return { instance };
      },
    });
    const a = runner([job('a')], 'instance-a');
    const b = runner([job('b')], 'instance-b');
    a.start();
    b.start();
    await sleep(1_600);
    await Promise.all([a.stop(), b.stop()]);

    const runs = await runsOf('tick');
    const done = runs.filter((run) => run.status === 'done');
    // One row per period, each run once, by whichever instance claimed it first.
    expect(new Set(done.map((run) => run.period)).size).toBe(done.length);
    expect(ranBy.length).toBe(done.length);
    expect(done.length).toBeGreaterThanOrEqual(4);
    expect(done.length).toBeLessThanOrEqual(8);
    for (const run of done) {
      expect(run.durationMs).toBeGreaterThanOrEqual(25);
      expect(run.result).toEqual({ instance: run.lockedBy === 'instance-a' ? 'a' : 'b' });
    }
  });

  it('retries a failing run with growing waits, then leaves it dead after its attempts', async () => {
    const attemptsAt: number[] = [];
    const a = runner(
      [
        {
          name: 'flaky',
          intervalMs: 60 * 60 * 1000,
          maxAttempts: 3,
          retryBaseMs: 100,
          run: async () => {
            attemptsAt.push(Date.now());
            throw new Error('the provider said no');
          },
        },
      ],
      'instance-a',
    );
    a.start();
    await until(async () => (await runsOf('flaky'))[0]?.status === 'dead');
    await a.stop();

    const [run] = await runsOf('flaky');
    expect(run).toMatchObject({ status: 'dead', attempts: 3, error: 'the provider said no' });
    expect(attemptsAt).toHaveLength(3);
    // Backoff: 100 ms, then 200 ms.
    expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(90);
    expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(190);
  });

  it('a run that fails once succeeds on its retry', async () => {
    let calls = 0;
    const a = runner(
      [
        {
          name: 'second-time-lucky',
          intervalMs: 60 * 60 * 1000,
          retryBaseMs: 50,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('busy');
            return { ok: true };
          },
        },
      ],
      'instance-a',
    );
    a.start();
    await until(async () => (await runsOf('second-time-lucky'))[0]?.status === 'done');
    await a.stop();
    const [run] = await runsOf('second-time-lucky');
    expect(run).toMatchObject({ attempts: 2, result: { ok: true }, error: null });
  });

  it('puts back the runs of an instance that stopped renewing its claim', async () => {
    await db.insert(jobRuns).values({
      job: 'orphan',
      period: 1,
      status: 'running',
      attempts: 1,
      lockedBy: 'gone',
      lockedUntil: sql`now() - interval '1 minute'`,
    });
    let ran = 0;
    const a = runner(
      [{ name: 'orphan', intervalMs: 60 * 60 * 1000, run: async () => (ran += 1) }],
      'a',
    );
    a.start();
    await until(async () => {
      const runs = await runsOf('orphan');
      return runs.length === 2 && runs.every((run) => run.status === 'done');
    });
    await a.stop();
    const orphan = (await runsOf('orphan')).find((run) => run.period === 1);
    expect(orphan).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'a' });
    expect(ran).toBe(2); // the orphan, and this period's own run
  });

  it('counts due runs as queue depth and prunes old history', async () => {
    await db.insert(jobRuns).values([
      { job: 'waiting', period: 1 },
      { job: 'waiting', period: 2 },
      { job: 'old', period: 1, status: 'done', createdAt: new Date(Date.now() - 3 * 86_400_000) },
      { job: 'old', period: 2, status: 'dead', createdAt: new Date(Date.now() - 3 * 86_400_000) },
    ]);
    expect(await queueDepth(db)).toEqual({ waiting: 2 });
    expect(await pruneJobHistory(db)).toBe(1);
    const old = await runsOf('old');
    expect(old.map((run) => run.status)).toEqual(['dead']);
  });

  it('runs a job on demand, records it, and refuses unknown names', async () => {
    let runs = 0;
    const a = runner([{ name: 'once', intervalMs: 60_000, run: async () => (runs += 1) }], 'a');
    await a.runNow('once');
    expect(runs).toBe(1);
    const [row] = await runsOf('once');
    expect(row).toMatchObject({ status: 'done', result: 1, lockedBy: 'a' });
    expect(row.period).toBeLessThan(0);
    await expect(a.runNow('missing')).rejects.toThrow('no job named missing');
  });

  it('runs start-up work once per job that has some, records it, and survives a failing one', async () => {
    const calls: string[] = [];
    const a = runner(
      [
        {
          name: 'failing',
          intervalMs: 60_000,
          run: async () => calls.push('failing run'),
          atStart: async () => {
            calls.push('failing start');
            throw new Error('boom');
          },
        },
        { name: 'plain', intervalMs: 60_000, run: async () => calls.push('plain run') },
        {
          name: 'recover',
          intervalMs: 60_000,
          run: async () => calls.push('recover run'),
          atStart: async () => calls.push('recover start'),
        },
      ],
      'a',
    );
    await a.runStartTasks();
    expect(calls).toEqual(['failing start', 'recover start']);
    const [failed] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'failing:start'));
    expect(failed).toMatchObject({ status: 'dead', error: 'boom' });
  });

  it('on stop tells a long run to stop, waits at most the grace, and hands a hung run back', async () => {
    let sawStop = false;
    const calls: string[] = [];
    const a = runner(
      [
        {
          name: 'polite',
          intervalMs: 60_000,
          run: async ({ shouldStop }) => {
            while (!shouldStop()) await sleep(5);
            sawStop = true;
          },
        },
        {
          name: 'hanging',
          intervalMs: 60_000,
          run: () => new Promise(() => undefined),
          atStart: async () => {
            calls.push('hanging start');
            // Still going when stop comes, so the start-up work after it never begins.
            await sleep(500);
          },
        },
        {
          name: 'later',
          intervalMs: 60_000,
          run: async () => undefined,
          atStart: async () => calls.push('later start'),
        },
      ],
      'a',
    );
    void a.runNow('polite');
    void a.runNow('hanging');
    const startUp = a.runStartTasks();
    // Both runs recorded as running before stop (each is a database write first: on a busy
    // PostgreSQL that takes longer than any fixed pause).
    const running = async () =>
      (await Promise.all(['polite', 'hanging'].map(runsOf))).every(
        (runs) => runs.at(-1)?.status === 'running',
      );
    for (let waited = 0; !(await running()) && waited < 10_000; waited += 10) await sleep(10);
    const stoppedAt = Date.now();
    await a.stop(200);
    const tookMs = Date.now() - stoppedAt;
    await startUp;

    expect(sawStop).toBe(true);
    expect(tookMs).toBeGreaterThanOrEqual(190);
    expect(tookMs).toBeLessThan(2_000);
    expect(calls).toEqual(['hanging start']);
    const [hanging] = await runsOf('hanging');
    expect(hanging).toMatchObject({ status: 'retry', lockedUntil: null });
  });
});

describe('[PLATFORM] jobs held until the instance is ready (issue 33)', () => {
  it('start-up work and a job whose start-up work runs wait as told', async () => {
    const calls: string[] = [];
    let startDone: () => void = () => undefined;
    const a = runner(
      [
        {
          name: 'catch-up',
          intervalMs: 50,
          run: async () => calls.push('timed run'),
          atStart: async () => {
            calls.push('start');
            await new Promise<void>((resolve) => (startDone = resolve));
          },
        },
      ],
      'a',
    );
    let ready: () => void = () => undefined;
    a.holdUntil(new Promise<void>((resolve) => (ready = resolve)));
    const startUp = a.runStartTasks();
    a.start();
    await sleep(200);
    // Held: neither the start-up work nor a timed run has begun.
    expect(calls).toEqual([]);
    ready();
    await until(async () => calls.includes('start'));
    await sleep(200);
    // The start-up work is still going: no timed run beside it.
    expect(calls).toEqual(['start']);
    startDone();
    await startUp;
    await until(async () => calls.includes('timed run'));
    await a.stop();
  });
});
