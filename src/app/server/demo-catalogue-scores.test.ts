import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedDemoIfEmpty } from './seed/seed-demo';
import { VIABILITY_BANDS, type ViabilityBand } from '@/domains/listings/listings.constants';
import { catchUpAnalyses, restartStaleSweep } from '@/domains/analysis/server';

/** The demo catalogue's size: every listing is checked, not a sample. */
const LISTINGS = 1_200;

describe('[ANALYSIS] every demo listing scored, and the catalogue says the same', () => {
  let t: TestApp;
  let seconds = 0;
  let caughtUp = false;
  let seededScores = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.db, { listings: LISTINGS });
    seededScores = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from listings where viability_score is not null`,
      )
    ).rows[0].n;
    // A fresh start: this worker's database handle may carry a sweep resting after an earlier
    // test file's catalogue, which a new server process never has.
    restartStaleSweep(t.db);
    // The job's start task, as the server runs it right after it starts listening.
    const started = performance.now();
    caughtUp = (await catchUpAnalyses(t.db)).caughtUp;
    seconds = (performance.now() - started) / 1000;
  }, 600_000);
  afterAll(() => t?.close());

  it('shows no score the engine did not compute (the seed writes none)', () => {
    expect(seededScores).toBe(0);
  });

  // The start task scores the whole catalogue before it returns. How long it takes is a
  // benchmark (docs/BENCHMARKS.md: 22-35 s on a loaded machine), not a timed test: on a busy
  // 2-core machine a wall-clock bound here would fail for reasons that are not the product's.
  it('scores every listing in the start task that runs right after the server listens', () => {
    expect(caughtUp).toBe(true);
    expect(seconds).toBeGreaterThan(0);
  });

  it('gives every listing a score, catalogue and analysis alike, and fills every band', async () => {
    const rows = (
      await t.db.execute<{
        id: number;
        catalogue: number | null;
        stored: number | null;
        result: number | null;
        status: string | null;
      }>(sql`
        select l.id, l.viability_score as catalogue, a.commercial_score as stored,
               (a.result -> 'viabilityScore' ->> 'value')::int as result, a.status
        from listings l left join listing_analyses a on a.listing_id = l.id
        order by l.id
      `)
    ).rows;
    expect(rows).toHaveLength(LISTINGS);
    const disagreeing = rows.filter(
      (row) =>
        row.status !== 'ok' ||
        row.catalogue === null ||
        row.catalogue !== row.stored ||
        row.stored !== row.result,
    );
    expect(disagreeing).toEqual([]);
    const counts = new Map<ViabilityBand, number>();
    for (const row of rows) {
      const band = (Object.keys(VIABILITY_BANDS) as ViabilityBand[]).find(
        (key) =>
          row.catalogue! >= VIABILITY_BANDS[key].min && row.catalogue! <= VIABILITY_BANDS[key].max,
      )!;
      counts.set(band, (counts.get(band) ?? 0) + 1);
    }
    console.info(
      '[analysis] demo catalogue by band',
      Object.fromEntries(counts),
      `${seconds.toFixed(1)} s`,
    );
    for (const band of Object.keys(VIABILITY_BANDS) as ViabilityBand[]) {
      expect(counts.get(band) ?? 0, band).toBeGreaterThan(0);
    }
  });
});
