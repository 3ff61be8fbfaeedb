import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { migrationsFolder, runMigrations } from '@/server/db/migrate';

/**
 * Issue 29's data migration, on a database made by the migration before it: rows of the old
 * shape (offers accepted with and without structured terms, a listing optioned with no offer),
 * then the rest of the migrations; each deal must come out as a grant of the right cells, and
 * each listing's rights_taken and status must follow. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (a database of its own, like migrate.test.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };
// Found by name: whoever merges may renumber it.
const TAG = journal.entries.find((entry) => entry.tag.endsWith('_rights_for_existing_deals'))?.tag;

const DECIDED = '2026-03-31T10:00:00.000Z';

describe('[RIGHTS] the migration that gives existing deals their grants', () => {
  let handle: DatabaseHandle;
  const name = `pts_rights_migration_${process.env.PTS_TEST_RUN_ID ?? 'local'}_${process.pid}`;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (serverUrl) {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    } else {
      handle = await openDatabase({});
    }
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    if (serverUrl) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await handle.db.execute(query)).rows[0] as T;
  const all = async <T>(query: ReturnType<typeof sql>) =>
    (await handle.db.execute(query)).rows as T[];

  const user = (email: string, role: string, first: string) =>
    one<{ id: number }>(sql`
      insert into users (email, password_hash, first_name, last_name, role)
      values (${email}, 'x', ${first}, 'Old', ${role}) returning id`);

  const listing = (
    title: string,
    agentId: number,
    status: string,
    rights: string[],
    territories: string[],
  ) =>
    one<{ id: number }>(sql`
      insert into listings (title, author, agent_id, status, rights_available, territory)
      values (${title}, 'An Author', ${agentId}, ${status},
              ${`{${rights.join(',')}}`}::text[], ${`{${territories.join(',')}}`}::text[])
      returning id`);

  const offer = (listingId: number, producerId: number, status: string, months: number) =>
    one<{ id: number }>(sql`
      insert into offers (listing_id, producer_id, offer_price_pence, option_period_months,
                          payment_provider, status, decided_at)
      values (${listingId}, ${producerId}, 2500000, ${months}, 'local', ${status},
              ${status === 'accepted' ? DECIDED : null})
      returning id`);

  const terms = (
    offerId: number,
    version: number,
    media: string[],
    territories: string[],
    months: number,
  ) =>
    handle.db.execute(sql`
      insert into offer_terms (offer_id, version, proposed_by, kind, price_pence,
                               option_period_months, media, territory)
      values (${offerId}, ${version}, 'producer', 'offer', 2500000, ${months},
              ${`{${media.join(',')}}`}::text[], ${`{${territories.join(',')}}`}::text[])`);

  it('turns every accepted offer and every optioned listing into grants, and the listings follow', async () => {
    expect(TAG, 'the migration is in the journal').toBeTruthy();
    await runMigrations(handle, { before: TAG });
    const applied = await one<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.count).toBe(journal.entries.findIndex((entry) => entry.tag === TAG));

    const agent = await user('agent@old.test', 'agent', 'Ada');
    const producer = await user('producer@old.test', 'producer', 'Priya');
    const other = await user('other@old.test', 'producer', 'Ben');

    // Optioned by an offer from before structured terms: the whole listing, 'UK' once.
    const whole = await listing(
      'Whole',
      agent.id,
      'optioned',
      ['film', 'tv'],
      ['UK', 'uk', 'Ireland'],
    );
    const wholeOffer = await offer(whole.id, producer.id, 'accepted', 12);
    // Optioned by a negotiated offer: its latest version's part only, for its period.
    const part = await listing(
      'Part',
      agent.id,
      'optioned',
      ['film', 'tv', 'stage'],
      ['UK', 'Ireland'],
    );
    const partOffer = await offer(part.id, producer.id, 'accepted', 12);
    await terms(partOffer.id, 1, ['film', 'tv'], ['UK', 'Ireland'], 18);
    await terms(partOffer.id, 2, ['film'], ['uk'], 24);
    await offer(part.id, other.id, 'rejected', 12);
    // Optioned elsewhere: no offer at all.
    const offline = await listing('Offline', agent.id, 'optioned', ['film', 'radio'], ['UK']);
    // Sold through a deal covering everything it offers.
    const sold = await listing('Sold', agent.id, 'sold', ['film'], ['UK']);
    const soldOffer = await offer(sold.id, producer.id, 'accepted', 12);
    await terms(soldOffer.id, 1, ['film'], ['UK'], 12);
    // Nothing to do.
    const free = await listing('Free', agent.id, 'available', ['film'], ['UK']);
    await offer(free.id, other.id, 'pending', 12);
    // A withdrawn listing's deal gets its grant; the listing keeps its status.
    const withdrawn = await listing('Gone', agent.id, 'withdrawn', ['film'], ['UK']);
    const withdrawnOffer = await offer(withdrawn.id, producer.id, 'accepted', 12);

    await runMigrations(handle);

    const grants = await all<{
      listing_id: number;
      offer_id: number | null;
      producer_id: number | null;
      status: string;
      starts_at: Date | string;
      ends_at: Date | string | null;
      sold: boolean;
      cells: string[];
    }>(sql`
      select g.listing_id, g.offer_id, g.producer_id, g.status, g.starts_at, g.ends_at,
             g.sold_at is not null as sold,
             coalesce(array_agg(c.media || '|' || c.territory order by c.media, c.territory_key)
                        filter (where c.live), '{}') as cells
      from rights_grants g left join rights_grant_cells c on c.grant_id = g.id
      group by g.id order by g.listing_id`);
    const iso = (value: Date | string | null) =>
      value === null ? null : new Date(value).toISOString();
    const grantOf = (listingId: number) => {
      const found = grants.filter((row) => row.listing_id === listingId);
      expect(found, `one grant on listing ${listingId}`).toHaveLength(1);
      return { ...found[0], starts_at: iso(found[0].starts_at), ends_at: iso(found[0].ends_at) };
    };

    expect(grantOf(whole.id)).toMatchObject({
      offer_id: wholeOffer.id,
      producer_id: producer.id,
      status: 'optioned',
      starts_at: DECIDED,
      ends_at: '2027-03-31T10:00:00.000Z',
      sold: false,
      cells: ['film|Ireland', 'film|UK', 'tv|Ireland', 'tv|UK'],
    });
    expect(grantOf(part.id)).toMatchObject({
      offer_id: partOffer.id,
      status: 'optioned',
      starts_at: DECIDED,
      ends_at: '2028-03-31T10:00:00.000Z',
      cells: ['film|uk'],
    });
    expect(grantOf(offline.id)).toMatchObject({
      offer_id: null,
      producer_id: null,
      status: 'optioned',
      ends_at: null,
      cells: ['film|UK', 'radio|UK'],
    });
    expect(grantOf(sold.id)).toMatchObject({
      offer_id: soldOffer.id,
      status: 'sold',
      sold: true,
      cells: ['film|UK'],
    });
    expect(grantOf(withdrawn.id)).toMatchObject({
      offer_id: withdrawnOffer.id,
      cells: ['film|UK'],
    });
    expect(grants.filter((row) => row.listing_id === free.id)).toEqual([]);

    const listings = await all<{ id: number; status: string; rights_taken: string[] }>(
      sql`select id, status, rights_taken from listings order by id`,
    );
    const state = (id: number) => {
      const row = listings.find((candidate) => candidate.id === id);
      return { status: row?.status, rightsTaken: row?.rights_taken };
    };
    expect(state(whole.id)).toEqual({
      status: 'optioned',
      rightsTaken: ['film|ireland', 'film|uk', 'tv|ireland', 'tv|uk'],
    });
    // Only Film in the UK was optioned: the rest of the grid is available again.
    expect(state(part.id)).toEqual({ status: 'available', rightsTaken: ['film|uk'] });
    expect(state(offline.id)).toEqual({ status: 'optioned', rightsTaken: ['film|uk', 'radio|uk'] });
    expect(state(sold.id)).toEqual({ status: 'sold', rightsTaken: ['film|uk'] });
    expect(state(free.id)).toEqual({ status: 'available', rightsTaken: [] });
    expect(state(withdrawn.id)).toEqual({ status: 'withdrawn', rightsTaken: [] });
  }, 120_000);
});
