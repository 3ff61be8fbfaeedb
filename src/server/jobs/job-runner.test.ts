import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createJobRunner } from './job-runner';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('[PLATFORM] scheduled job runner', () => {
  it('runs each job every interval, never overlapping itself, and waits for it on stop', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let failures = 0;
    const runner = createJobRunner({
      log,
      jobs: [
        {
          name: 'slow',
          intervalMs: 10,
          run: async () => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await sleep(30);
            running -= 1;
            runs += 1;
          },
        },
        {
          name: 'failing',
          intervalMs: 10,
          run: async () => {
            failures += 1;
            throw new Error('boom');
          },
        },
      ],
    });
    runner.start();
    await sleep(200);
    await runner.stop();
    expect(running).toBe(0);
    expect(maxRunning).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    // A failing job is logged and tried again at the next tick.
    expect(failures).toBeGreaterThanOrEqual(2);

    const after = runs;
    await sleep(60);
    expect(runs).toBe(after);
  });

  it('runs a job on demand and refuses unknown names', async () => {
    let runs = 0;
    const runner = createJobRunner({
      log,
      jobs: [{ name: 'once', intervalMs: 60_000, run: async () => (runs += 1) }],
    });
    await runner.runNow('once');
    expect(runs).toBe(1);
    await expect(runner.runNow('missing')).rejects.toThrow('no job named missing');
  });

  it('runs start-up work once per job that has some, and survives a failing one', async () => {
    const calls: string[] = [];
    const runner = createJobRunner({
      log,
      jobs: [
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
    });
    await runner.runStartTasks();
    expect(calls).toEqual(['failing start', 'recover start']);
  });

  it('on stop tells a long run to stop, waits at most the grace for it, and skips start-up work left', async () => {
    let sawStop = false;
    let hangingStarted = false;
    const calls: string[] = [];
    const runner = createJobRunner({
      log,
      jobs: [
        {
          name: 'polite',
          intervalMs: 60_000,
          // Stops at its next safe point once told.
          run: async ({ shouldStop }) => {
            while (!shouldStop()) await sleep(5);
            sawStop = true;
          },
        },
        {
          name: 'hanging',
          intervalMs: 60_000,
          run: async () => {
            hangingStarted = true;
            await new Promise(() => undefined);
          },
          atStart: async () => {
            calls.push('hanging start');
            await sleep(50);
          },
        },
        {
          name: 'later',
          intervalMs: 60_000,
          run: async () => undefined,
          atStart: async () => calls.push('later start'),
        },
      ],
    });
    void runner.runNow('polite');
    void runner.runNow('hanging');
    const startUp = runner.runStartTasks();
    await sleep(10);
    const stoppedAt = Date.now();
    await runner.stop(200);
    const tookMs = Date.now() - stoppedAt;
    await startUp;

    expect(hangingStarted).toBe(true);
    expect(sawStop).toBe(true);
    // The hanging run is left after the grace rather than holding the shutdown.
    expect(tookMs).toBeGreaterThanOrEqual(190);
    expect(tookMs).toBeLessThan(2_000);
    expect(calls).toEqual(['hanging start']);
  });
});
