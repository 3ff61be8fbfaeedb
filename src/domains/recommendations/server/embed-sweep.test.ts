import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import { embedPendingListings } from './embed-listings';
import { createHashingEmbedder } from './embedder';
import { listingEmbeddings } from './recommendations.tables';

/**
 * The embedding sweep remembers where its lap is, per database (issue 33). What it remembers
 * must never hide a listing: a catalogue emptied and filled again with the same ids (as the
 * tests' shared databases are between files, and CI once showed) is embedded whole.
 */
describe('[RECOMMENDATIONS] the embedding sweep after the catalogue is refilled', () => {
  let t: TestApp;
  const embedder = createHashingEmbedder();
  const embeddedCount = async () =>
    Number(
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${listingEmbeddings}`))
        .rows[0].n,
    );
  const refill = async (count: number) => {
    await t.db.execute(sql`truncate listings restart identity cascade`);
    await insertListings(
      t.db,
      Array.from({ length: count }, (_, i) => ({ title: `Sweep title ${i}` })),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('embeds every listing of a larger catalogue refilled after a lap that found nothing', async () => {
    await refill(30);
    await embedPendingListings({ db: t.db, embedder }, { pauseMs: 0 });
    // A lap that finds nothing: the sweep rests and looks only above its old top.
    await embedPendingListings({ db: t.db, embedder }, { pauseMs: 0 });
    expect(await embeddedCount()).toBe(30);
    await refill(56);
    await embedPendingListings({ db: t.db, embedder }, { pauseMs: 0 });
    expect(await embeddedCount()).toBe(56);
  });

  it('embeds every listing when the catalogue is refilled in the middle of a lap', async () => {
    await refill(80);
    // One small batch: the lap stops part way down.
    await embedPendingListings({ db: t.db, embedder }, { pauseMs: 0, batchSize: 10, budgetMs: 0 });
    await refill(120);
    await embedPendingListings({ db: t.db, embedder }, { pauseMs: 0, batchSize: 10 });
    expect(await embeddedCount()).toBe(120);
  });
});
