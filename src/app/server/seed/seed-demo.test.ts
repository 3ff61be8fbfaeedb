import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { verifyPassword } from '@/domains/accounts/server';
import { MEDIUMS } from '@/domains/listings/listings.constants';
import { seedDemoIfEmpty } from './seed-demo';
import { DEMO_EMAILS, DEMO_PASSWORD } from './demo-accounts';
import { generateListing } from './generate-listing';

const LISTINGS = 400;

describe('[PLATFORM] demo catalogue seed', () => {
  let t: TestApp;
  let summary: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

  let platformBeforeSeed: unknown;

  beforeAll(async () => {
    t = await createTestApp();
    platformBeforeSeed = (await t.request({ method: 'GET', url: '/api/platform' })).json();
    summary = await seedDemoIfEmpty(t.db, { listings: LISTINGS });
    // Opening the worker's database and seeding take a few seconds; more on a busy machine.
  }, 180_000);
  afterAll(() => t?.close());

  it('loads the catalogue and about 40 agents into an empty database', async () => {
    expect(summary).toEqual({ listings: LISTINGS, agents: 41 });
    const [counts] = (
      await t.db.execute<{ listings: number; agents: number; users: number }>(sql`
        select (select count(*)::int from listings) as listings,
               (select count(*)::int from users where role = 'agent') as agents,
               (select count(*)::int from users) as users
      `)
    ).rows;
    expect(counts).toEqual({ listings: LISTINGS, agents: 41, users: 44 });
  });

  it('tells the browser it runs on demo data once the demo is seeded, and not before', async () => {
    expect(platformBeforeSeed).toEqual({ isDemo: false });
    const response = await t.request({ method: 'GET', url: '/api/platform' });
    expect(response.json()).toEqual({ isDemo: true });
  });

  it('creates the four verified demo accounts with the documented password', async () => {
    const demo = await t.db
      .select()
      .from(users)
      .where(sql`${users.email} like 'demo.%@pagetoscreen.test'`);
    const byEmail = new Map(demo.map((user) => [user.email, user]));
    expect(byEmail.get(DEMO_EMAILS.producer)).toMatchObject({
      role: 'producer',
      membershipTier: 'free',
    });
    const premium = byEmail.get(DEMO_EMAILS.premium)!;
    expect(premium).toMatchObject({ role: 'producer', membershipTier: 'premium' });
    expect(premium.premiumExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(byEmail.get(DEMO_EMAILS.agent)).toMatchObject({
      role: 'agent',
      agentVerificationStatus: 'approved',
    });
    expect(byEmail.get(DEMO_EMAILS.admin)).toMatchObject({ role: 'admin' });
    for (const user of demo) {
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.profileCompletedAt).not.toBeNull();
      expect(user.firstName && user.lastName && user.username).toBeTruthy();
    }
    // One hash, shared by the four accounts.
    expect(new Set(demo.map((user) => user.passwordHash)).size).toBe(1);
    expect(await verifyPassword(demo[0].passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives the other agents a password nobody knows', async () => {
    const [agent] = await t.db
      .select()
      .from(users)
      .where(sql`${users.role} = 'agent' and ${users.email} <> ${DEMO_EMAILS.agent}`)
      .limit(1);
    expect(agent.agentVerificationStatus).toBe('approved');
    expect(agent.companyName).toBeTruthy();
    expect(await verifyPassword(agent.passwordHash, DEMO_PASSWORD)).toBe(false);
  });

  it('lets demo.agent own at least 20 listings, most of them available', async () => {
    const [demoAgent] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAILS.agent));
    const owned = await t.db.select().from(listings).where(eq(listings.agentId, demoAgent.id));
    expect(owned.length).toBeGreaterThanOrEqual(20);
    const available = owned.filter((listing) => listing.status === 'available').length;
    expect(available / owned.length).toBeGreaterThan(0.7);
    expect(owned.every((listing) => listing.agentName === 'Priya Sharma')).toBe(true);
  });

  it('records each optioned and sold title as a legacy grant of its whole grid, so grid and status agree', async () => {
    const rows = (
      await t.db.execute<{
        id: number;
        status: string;
        rights_taken: string[];
        grid: string[];
        grants: { offerId: number | null; endsAt: string | null; status: string }[];
        live: string[];
      }>(sql`
        select l.id, l.status, l.rights_taken,
          coalesce((select array_agg(distinct m || '|' || lower(trim(t)))
                    from unnest(l.rights_available) m, unnest(l.territory) t), '{}') as grid,
          coalesce((select json_agg(json_build_object('offerId', g.offer_id, 'endsAt', g.ends_at,
                                                      'status', g.status))
                    from rights_grants g where g.listing_id = l.id), '[]') as grants,
          coalesce((select array_agg(c.media || '|' || c.territory_key)
                    from rights_grant_cells c where c.listing_id = l.id and c.live), '{}') as live
        from listings l
      `)
    ).rows;
    const taken = rows.filter((row) => row.status === 'optioned' || row.status === 'sold');
    expect(taken.length).toBeGreaterThan(LISTINGS * 0.1);
    for (const row of taken) {
      expect(row.grants, `listing ${row.id}`).toEqual([
        { offerId: null, endsAt: null, status: row.status },
      ]);
      expect([...row.live].sort(), `listing ${row.id}`).toEqual([...row.grid].sort());
      expect(row.rights_taken, `listing ${row.id}`).toEqual([...row.grid].sort());
    }
    for (const row of rows.filter((candidate) => candidate.status === 'available')) {
      expect(row.grants).toEqual([]);
      expect(row.rights_taken).toEqual([]);
    }
  });

  it('stores every medium, price band and viability band, with covers by id', async () => {
    const [row] = (
      await t.db.execute<{
        mediums: string[];
        under50: number;
        to100: number;
        to500: number;
        over500: number;
        high: number;
        viable: number;
        caution: number;
        risk: number;
        covers: number;
        featured: number;
      }>(sql`
        select array_agg(distinct medium) as mediums,
          count(*) filter (where suggested_offer_max_pence < 5000000)::int as under50,
          count(*) filter (where suggested_offer_max_pence >= 5000000 and suggested_offer_max_pence < 10000000)::int as to100,
          count(*) filter (where suggested_offer_max_pence >= 10000000 and suggested_offer_max_pence < 50000000)::int as to500,
          count(*) filter (where suggested_offer_max_pence >= 50000000)::int as over500,
          count(*) filter (where viability_score >= 85)::int as high,
          count(*) filter (where viability_score between 70 and 84)::int as viable,
          count(*) filter (where viability_score between 50 and 69)::int as caution,
          count(*) filter (where viability_score < 50)::int as risk,
          count(*) filter (where cover_image_url = '/images/covers/' || id || '.svg')::int as covers,
          count(*) filter (where is_featured and status = 'available')::int as featured
        from listings
      `)
    ).rows;
    expect([...row.mediums].sort()).toEqual([...MEDIUMS].sort());
    for (const band of [row.under50, row.to100, row.to500, row.over500]) {
      expect(band).toBeGreaterThan(LISTINGS * 0.05);
    }
    // No seeded viability score: the analysis engine writes them all (issue 30), and
    // demo-catalogue-scores.test.ts checks every band then holds listings.
    expect([row.high, row.viable, row.caution, row.risk]).toEqual([0, 0, 0, 0]);
    expect(row.covers).toBe(LISTINGS);
    expect(row.featured).toBeGreaterThanOrEqual(6);
  });

  it('stores exactly what the generator produced, arrays and JSON included', async () => {
    const stored = await t.db.select().from(listings).orderBy(asc(listings.id)).limit(50);
    const firstId = stored[0].id;
    const context = { count: LISTINGS, agents: [], demoAgent: { id: 0, fullName: '' } };
    for (const row of stored) {
      const expected = generateListing(row.id - firstId, row.id, context);
      expect(row).toMatchObject({
        title: expected.title,
        synopsis: expected.synopsis,
        tags: expected.tags,
        territory: expected.territory,
        mediumDetails: expected.mediumDetails,
        targetDemographic: expected.targetDemographic,
        publishDate: expected.publishDate,
        royaltyPercentage: expected.royaltyPercentage,
        youtubeTotalViews: expected.youtubeTotalViews,
        createdAt: expected.createdAt,
        galleryImages: expected.galleryImages,
      });
    }
    // The full-text document is generated from the stored text.
    const [match] = (
      await t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from listings where search_vector @@ plainto_tsquery('simple', ${stored[0].title})`,
      )
    ).rows;
    expect(match.count).toBeGreaterThanOrEqual(1);
  });

  it('does nothing the second time: the database is no longer empty', async () => {
    expect(await seedDemoIfEmpty(t.db, { listings: LISTINGS })).toBeNull();
    const [{ count }] = (
      await t.db.execute<{ count: number }>(sql`select count(*)::int as count from users`)
    ).rows;
    expect(count).toBe(44);
  });
});
