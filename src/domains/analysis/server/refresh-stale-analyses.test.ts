import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingAnalyses } from './analysis.tables';
import { findStaleListings } from './find-stale-listings';
import { loadGenreActivity } from './load-genre-activity';
import { processAnalysisWork } from './recompute-analyses';
import { restartStaleSweep, STALE_LAP_PAUSE_MS } from './refresh-stale-analyses';

const LATER = new Date('2030-01-01T00:00:00Z');

describe('the analysis job between runs', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    // This worker's database served other test files, whose job runs left a sweep behind.
    restartStaleSweep(t.db);
    const rows = await insertListings(
      t.db,
      Array.from({ length: 9 }, (_, i) => ({
        genre: ['Drama', 'Comedy', ' drama ', 'Horror'][i % 4],
        medium: 'book',
        pages: 200 + i * 10,
      })),
    );
    ids = rows.map((row) => row.id);
    const fan = await createUser(t.db);
    await t.db
      .insert(favourites)
      .values(ids.slice(0, 5).map((listingId) => ({ userId: fan.id, listingId })));
  });
  afterAll(() => t.close());

  it('reads the genre activity by id windows to the same figures as in one window', async () => {
    const whole = await loadGenreActivity(t.db, { window: 1_000_000 });
    const windowed = await loadGenreActivity(t.db, { window: 2 });
    expect(windowed).toEqual(whole);
    expect(whole.get('drama')).toMatchObject({ listings: 5, favourites: 3 });
    // One genre asked for: the same figures for it, and no others.
    const drama = await loadGenreActivity(t.db, { genres: ['DRAMA'], window: 3 });
    expect([...drama.keys()]).toEqual(['drama']);
    expect(drama.get('drama')).toEqual(whole.get('drama'));
  });

  it('finds stale listings a bounded window of ids at a time', async () => {
    const first = await findStaleListings(t.db, 0, 4);
    expect(first).toEqual({ staleIds: ids.slice(0, 4), lastId: ids[3], atEnd: false });
    const last = await findStaleListings(t.db, ids[7], 4);
    expect(last).toEqual({ staleIds: [ids[8]], lastId: ids[8], atEnd: true });
  });

  it('analyses every listing, then reports the catalogue up to date', async () => {
    const first = await processAnalysisWork(t.db, { budgetMs: 10_000 });
    expect(first.slices).toBeGreaterThan(0);
    const analysed = await t.db
      .select({ id: listingAnalyses.listingId })
      .from(listingAnalyses)
      .where(inArray(listingAnalyses.listingId, ids));
    expect(analysed).toHaveLength(ids.length);
    expect(await processAnalysisWork(t.db, { budgetMs: 10_000 })).toEqual({
      slices: 0,
      caughtUp: true,
    });
  });

  it('recomputes exactly the edited, older-engine and missing analyses', async () => {
    await t.db
      .update(listings)
      .set({ pages: 999, updatedAt: sql`now() + interval '1 minute'` })
      .where(eq(listings.id, ids[1]));
    await t.db
      .update(listingAnalyses)
      .set({ engineVersion: '0.0.1' })
      .where(eq(listingAnalyses.listingId, ids[4]));
    await t.db.delete(listingAnalyses).where(eq(listingAnalyses.listingId, ids[7]));
    const work = await processAnalysisWork(t.db, { budgetMs: 10_000, now: () => LATER });
    expect(work).toMatchObject({ caughtUp: false });
    const recomputed = await t.db
      .select({ id: listingAnalyses.listingId })
      .from(listingAnalyses)
      .where(eq(listingAnalyses.computedAt, LATER));
    expect(recomputed.map((row) => row.id).sort((a, b) => a - b)).toEqual([ids[1], ids[4], ids[7]]);
    expect((await processAnalysisWork(t.db, { budgetMs: 10_000 })).caughtUp).toBe(true);
  });

  it('rests a minute after a lap that found nothing, then finds new listings', async () => {
    const [added] = await insertListings(t.db, [{ genre: 'Drama', medium: 'book' }]);
    const soon = new Date(Date.now() + STALE_LAP_PAUSE_MS / 2);
    expect(await processAnalysisWork(t.db, { budgetMs: 10_000, now: () => soon })).toEqual({
      slices: 0,
      caughtUp: true,
    });
    const after = new Date(Date.now() + STALE_LAP_PAUSE_MS + 1_000);
    expect(await processAnalysisWork(t.db, { budgetMs: 10_000, now: () => after })).toEqual({
      slices: 1,
      caughtUp: false,
    });
    const [row] = await t.db
      .select({ computedAt: listingAnalyses.computedAt })
      .from(listingAnalyses)
      .where(eq(listingAnalyses.listingId, added.id));
    expect(row.computedAt).toEqual(after);
  });
});
