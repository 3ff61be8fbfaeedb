import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { serverPoolOf } from '@/server/db/listen';
import { CatalogueIndexKeeper, parseChangedIds } from './maintain-catalogue-index';
import { listings } from './listings.tables';
import type { CatalogueIndex } from './catalogue-index';
import { setListingRightsTaken } from './set-listing-rights-taken';

/**
 * On a PostgreSQL server several instances write the listings; each keeps its catalogue index
 * fresh from the change feed the listings' triggers announce (migration 0013, decision 018).
 */
describe('parseChangedIds', () => {
  it('reads the ids a notification names, and anything else as "reload everything"', () => {
    expect(parseChangedIds('12,7,300')).toEqual([12, 7, 300]);
    expect(parseChangedIds('*')).toBeNull();
    expect(parseChangedIds('')).toBeNull();
    expect(parseChangedIds('4,x')).toBeNull();
  });
});

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/** Retries `check` until it passes or `ms` have gone by (the feed is asynchronous). */
async function eventually(check: () => Promise<void>, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const totalFor = (index: CatalogueIndex | null, word: string) =>
  index?.match({ words: [word], rights: [], territories: [] }).total;

describe.runIf(onServer)('the listings change feed on a PostgreSQL server', () => {
  let t: TestApp;
  let keeper: CatalogueIndexKeeper;

  beforeAll(async () => {
    t = await createTestApp();
    const pool = serverPoolOf(t.db);
    if (!pool) throw new Error('expected a PostgreSQL server');
    keeper = new CatalogueIndexKeeper(t.db, pool);
    keeper.start();
    await keeper.whenBuilt();
  });
  afterAll(async () => {
    keeper.close();
    await t.close();
  });

  /** Written straight to the database, as another instance would: this process is not told. */
  async function insertElsewhere(title: string): Promise<number> {
    const [row] = await t.db
      .insert(listings)
      .values({ title, author: 'Another Instance', medium: 'book', status: 'available' })
      .returning({ id: listings.id });
    return row.id;
  }

  it("shows another instance's new, changed and deleted listings within moments", async () => {
    const id = await insertElsewhere('Zephyrine lighthouse');
    await eventually(async () => expect(totalFor(await keeper.current(), 'zephyrine')).toBe(1));

    await t.db.update(listings).set({ status: 'withdrawn' }).where(eq(listings.id, id));
    await eventually(async () => expect(totalFor(await keeper.current(), 'zephyrine')).toBe(0));

    await t.db.update(listings).set({ status: 'available' }).where(eq(listings.id, id));
    await eventually(async () => expect(totalFor(await keeper.current(), 'zephyrine')).toBe(1));
    await t.db.delete(listings).where(eq(listings.id, id));
    await eventually(async () => expect(totalFor(await keeper.current(), 'zephyrine')).toBe(0));
  });

  it("follows another instance's deals: a taken cell leaves the avails filter, a lapsed one comes back", async () => {
    const id = await insertElsewhere('Brindlewood ferry');
    await t.db
      .update(listings)
      .set({ rightsAvailable: ['film', 'tv'], territory: ['UK', 'Ireland'] })
      .where(eq(listings.id, id));
    const tvInIreland = async () =>
      (await keeper.current())?.match({
        words: ['brindlewood'],
        rights: [],
        territories: [],
        availableMedia: 'tv',
        availableTerritory: 'ireland',
      }).total;
    await eventually(async () => expect(await tvInIreland()).toBe(1));

    // Another instance's acceptance: its after-commit step never runs in this process.
    const taken = { keys: ['tv|ireland'], soldKeys: [], liveGrants: 1, soldGrants: 0 };
    await t.db.transaction((tx) => setListingRightsTaken(tx, id, taken));
    await eventually(async () => expect(await tvInIreland()).toBe(0));

    const free = { keys: [], soldKeys: [], liveGrants: 0, soldGrants: 0 };
    await t.db.transaction((tx) => setListingRightsTaken(tx, id, free));
    await eventually(async () => expect(await tvInIreland()).toBe(1));
  });

  it('answers with SQL while the feed is lost, then rebuilds with what it missed', async () => {
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen listings_changed'`);
    // Until the feed listens again a change could go unseen: the index is not used.
    await eventually(async () => expect(await keeper.current()).toBeNull());
    await insertElsewhere('Quillon harbour');
    // Reconnected (after about a second) and rebuilt: the change made meanwhile is there.
    await eventually(async () => expect(totalFor(await keeper.current(), 'quillon')).toBe(1));
  });
});
