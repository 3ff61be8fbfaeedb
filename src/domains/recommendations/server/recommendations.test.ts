import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { eq, sql } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListing, insertListings } from '../../../../tests/helpers/fixtures/listings';
import type { RecommendationsResponse } from '../recommendations.schema';
import { embedPendingListings } from './embed-listings';
import { whenCatalogueIndexesBuilt } from '@/domains/listings/server';
import { createHashingEmbedder, useEmbedder } from './embedder';
import { forceVectorCapability, vectorCapability } from './vector-store';

/**
 * A small catalogue of themes the test embedder (hashed words) can tell apart: coastal family
 * dramas, space operas, heists and kitchens, each several titles deep.
 */
const THEMES: Record<string, { genre: string; words: string }> = {
  coast: { genre: 'Drama', words: 'coastal family drama fishing village sea cliffs grief mother' },
  space: { genre: 'Science Fiction', words: 'space opera starship galaxy empire rebellion pilot' },
  heist: { genre: 'Thriller', words: 'heist thriller bank robbery crew vault betrayal getaway' },
  kitchen: { genre: 'Comedy', words: 'kitchen comedy restaurant chef rivalry recipe dinner' },
};

describe('[RECOMMENDATIONS] AI recommendations, similar titles and search by meaning', () => {
  let t: TestApp;
  let premium: UserRow;
  let free: UserRow;
  let premiumCookie: string;
  let freeCookie: string;
  const byTheme: Record<string, number[]> = {};

  beforeAll(async () => {
    useEmbedder(createHashingEmbedder());
    t = await createTestApp();
    premium = await createUser(t.db, { membershipTier: 'premium' });
    free = await createUser(t.db);
    premiumCookie = await signIn(t, premium.id);
    freeCookie = await signIn(t, free.id);
    for (const [theme, { genre, words }] of Object.entries(THEMES)) {
      const rows = await insertListings(
        t.db,
        Array.from({ length: 6 }, (_, i) => ({
          title: `${theme} title ${i}`,
          genre,
          synopsis: `${words} chapter ${i} ${theme}${i}`,
          themes: words.split(' ').slice(0, 3),
          suggestedOfferMin: (20_000 + i * 10_000) * 100,
          suggestedOfferMax: (60_000 + i * 10_000) * 100,
        })),
      );
      byTheme[theme] = rows.map((row) => row.id);
    }
    await embedPendingListings({ db: t.db, embedder: createHashingEmbedder() }, { pauseMs: 0 });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie = premiumCookie) => t.request({ method: 'GET', url, cookie });

  it('keeps recommendations for premium: 401 signed out, the Premium Feature gate for free', async () => {
    expect((await t.request({ method: 'GET', url: '/api/recommendations' })).statusCode).toBe(401);
    const gated = await get('/api/recommendations', freeCookie);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().message).toMatch(/premium/i);
    expect((await get('/api/recommendations/progress', freeCookie)).statusCode).toBe(403);
    const feedback = await t.request({
      method: 'POST',
      url: '/api/recommendations/feedback',
      cookie: freeCookie,
      payload: { listingId: byTheme.coast[0], rating: 5 },
    });
    expect(feedback.statusCode).toBe(403);
  });

  it('embeds every listing once, and again only when its words change', async () => {
    const again = await embedPendingListings(
      { db: t.db, embedder: createHashingEmbedder() },
      { pauseMs: 0 },
    );
    expect(again).toEqual({ embedded: 0, unchanged: 0 });
    const listing = await insertListing(t.db, { title: 'Brand new coastal tale' });
    const next = await embedPendingListings(
      { db: t.db, embedder: createHashingEmbedder() },
      { pauseMs: 0 },
    );
    expect(next.embedded).toBe(1);
    const similar = await get(`/api/listings/${listing.id}/similar`);
    expect(similar.statusCode).toBe(200);
  });

  it('gives a cold-start producer the most-offered titles, and says why', async () => {
    const response = await get('/api/recommendations');
    expect(response.statusCode).toBe(200);
    const body = response.json<RecommendationsResponse>();
    expect(body.isColdStart).toBe(true);
    expect(body.note).toMatch(/no offers, favourites or views yet/);
    expect(body.recommendations).toHaveLength(8);
  });

  it('ranks the producer’s own taste first, 8 at most, with reasons naming their signals', async () => {
    await t.db.insert(favourites).values([
      { userId: premium.id, listingId: byTheme.coast[0] },
      { userId: premium.id, listingId: byTheme.coast[1] },
    ]);
    // Raw SQL: only the columns every version of the offers table has.
    await t.db.execute(sql`insert into ${offers} (listing_id, producer_id, offer_price_pence,
      option_period_months, payment_provider, status)
      values (${byTheme.coast[2]}, ${premium.id}, ${100_000 * 100}, 18, 'local', 'pending')`);
    const response = await get('/api/recommendations?limit=8');
    expect(response.statusCode).toBe(200);
    const body = response.json<RecommendationsResponse>();
    expect(body.isColdStart).toBe(false);
    expect(body.recommendations).toHaveLength(8);
    // Candidates: available listings the producer has not offered on or favourited.
    expect(body.totalAnalyzed).toBe(25 - 3);
    const top = body.recommendations[0];
    expect(byTheme.coast).toContain(top.listing.id);
    expect(top.score).toBeGreaterThanOrEqual(0);
    expect(top.score).toBeLessThanOrEqual(100);
    expect(top.reasoning).toMatch(/coast title [012]/);
    expect(top.reasoning).toMatch(/made an offer on|favourited/);
    expect(top.reasoning).toMatch(/within your usual £75k–£125k range/);
    // Never the titles they already acted on; never more than the limit.
    const ids = body.recommendations.map((r) => r.listing.id);
    expect(ids).not.toContain(byTheme.coast[0]);
    expect(ids).not.toContain(byTheme.coast[2]);
    expect(body.signals).toMatchObject({ offers: 1, favourites: 2 });
    expect((await get('/api/recommendations?limit=9')).statusCode).toBe(400);
    expect((await get('/api/recommendations?limit=3')).json().recommendations).toHaveLength(3);
  });

  it('mixes in variety instead of eight near-identical titles', async () => {
    const body = (await get('/api/recommendations')).json<RecommendationsResponse>();
    const coast = body.recommendations.filter((r) => byTheme.coast.includes(r.listing.id));
    // Three coastal titles remain (another was just added); the rest are from other themes.
    expect(coast.length).toBeGreaterThanOrEqual(2);
    expect(coast.length).toBeLessThan(8);
  });

  it('reports progress from 5 to 100 as the work is done', async () => {
    const other = await createUser(t.db, { membershipTier: 'premium' });
    const cookie = await signIn(t, other.id);
    expect((await get('/api/recommendations/progress', cookie)).json()).toEqual({
      progress: 5,
      stage: 'Starting',
    });
    const seen: number[] = [];
    const generating = get('/api/recommendations', cookie);
    for (let i = 0; i < 20; i += 1) {
      seen.push((await get('/api/recommendations/progress', cookie)).json().progress);
    }
    expect((await generating).statusCode).toBe(200);
    const final = (await get('/api/recommendations/progress', cookie)).json();
    expect(final).toEqual({ progress: 100, stage: 'Done' });
    // Never backwards during one generation.
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it("'Not My Market' feedback drops that title and pushes its neighbours down", async () => {
    const before = (await get('/api/recommendations')).json<RecommendationsResponse>();
    const coastBefore = before.recommendations.filter((r) => byTheme.coast.includes(r.listing.id));
    expect(coastBefore.length).toBeGreaterThan(0);
    const target = coastBefore[0].listing.id;
    const sent = await t.request({
      method: 'POST',
      url: '/api/recommendations/feedback',
      cookie: premiumCookie,
      payload: { listingId: target, rating: 1, feedback: 'Not for us' },
    });
    expect(sent.statusCode).toBe(200);
    const after = (await get('/api/recommendations')).json<RecommendationsResponse>();
    const ids = after.recommendations.map((r) => r.listing.id);
    expect(ids).not.toContain(target);
    const rank = (body: RecommendationsResponse) =>
      body.recommendations.findIndex(
        (r) => byTheme.coast.includes(r.listing.id) && r.listing.id !== target,
      );
    // The remaining coastal titles lose rank or score (measurably).
    const scoreOf = (body: RecommendationsResponse) =>
      body.recommendations
        .filter((r) => byTheme.coast.includes(r.listing.id) && r.listing.id !== target)
        .reduce((sum, r) => sum + r.score, 0);
    expect(rank(after) > rank(before) || scoreOf(after) < scoreOf(before)).toBe(true);

    const missing = await t.request({
      method: 'POST',
      url: '/api/recommendations/feedback',
      cookie: premiumCookie,
      payload: { listingId: 999_999, rating: 5 },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({
      method: 'POST',
      url: '/api/recommendations/feedback',
      cookie: premiumCookie,
      payload: { listingId: target, rating: 3 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("'Commercially Viable' pulls the results towards that title", async () => {
    const shopper = await createUser(t.db, { membershipTier: 'premium' });
    const cookie = await signIn(t, shopper.id);
    await t.db.insert(favourites).values({ userId: shopper.id, listingId: byTheme.kitchen[0] });
    const before = (await get('/api/recommendations', cookie)).json<RecommendationsResponse>();
    const spaceCount = (body: RecommendationsResponse) =>
      body.recommendations.filter((r) => byTheme.space.includes(r.listing.id)).length;
    for (const id of byTheme.space.slice(0, 2)) {
      await t.request({
        method: 'POST',
        url: '/api/recommendations/feedback',
        cookie,
        payload: { listingId: id, rating: 5 },
      });
    }
    const after = (await get('/api/recommendations', cookie)).json<RecommendationsResponse>();
    expect(spaceCount(after)).toBeGreaterThan(spaceCount(before));
    expect(after.recommendations.some((r) => /rated Commercially Viable/.test(r.reasoning))).toBe(
      true,
    );
  });

  it('reads the taste profile from activity, and lets the producer state it', async () => {
    const derived = (await get('/api/recommendations/profile')).json();
    expect(derived.isStated).toBe(false);
    expect(derived.genres).toContain('Drama');
    expect(derived.budgetMin).toBe('75000.00');
    const saved = await t.request({
      method: 'PUT',
      url: '/api/recommendations/profile',
      cookie: premiumCookie,
      payload: { genres: ['Thriller'], mediums: ['book'], budgetMin: '10000', budgetMax: '90000' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      isStated: true,
      genres: ['Thriller'],
      budgetMax: '90000.00',
    });
    const body = (await get('/api/recommendations')).json<RecommendationsResponse>();
    expect(body.profile.genres).toEqual(['Thriller']);
    expect(body.recommendations.some((r) => /Thriller, one of your genres/.test(r.reasoning))).toBe(
      true,
    );
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/recommendations/profile',
      cookie: premiumCookie,
      payload: { genres: [], mediums: [], budgetMin: '90000', budgetMax: '10000' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('lists the six nearest available titles as similar', async () => {
    const response = await get(`/api/listings/${byTheme.heist[0]}/similar`, freeCookie);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { listing: { id: number }; similarity: number }[];
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.listing.id)).not.toContain(byTheme.heist[0]);
    expect(byTheme.heist).toContain(items[0].listing.id);
    expect((await get('/api/listings/999999/similar')).statusCode).toBe(404);
    expect((await get('/api/listings/abc/similar')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/listings/1/similar` })).statusCode).toBe(
      401,
    );
  });

  it('searches by meaning, honouring the catalogue filters', async () => {
    // Filtered, the catalogue index names the matching listings (decision 018): it is built.
    await whenCatalogueIndexesBuilt();
    const response = await get(
      `/api/listings/by-meaning?meaning=${encodeURIComponent('a starship rebellion in a distant galaxy')}`,
      freeCookie,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(byTheme.space).toContain(body.items[0].id);
    const filtered = await get(
      `/api/listings/by-meaning?meaning=${encodeURIComponent('starship galaxy')}&genre=comedy&limit=5`,
      freeCookie,
    );
    const items = filtered.json().items as { genre: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(items.every((item) => item.genre === 'Comedy')).toBe(true);
    expect((await get('/api/listings/by-meaning?meaning=a', freeCookie)).statusCode).toBe(400);
  });

  it('gives the same answers through the exact fallback as through pgvector', async () => {
    const capability = await vectorCapability(t.db);
    const viaIndex = (await get(`/api/listings/${byTheme.space[1]}/similar`)).json();
    forceVectorCapability(t.db, 'exact');
    try {
      const viaScan = (await get(`/api/listings/${byTheme.space[1]}/similar`)).json();
      type Item = { listing: { id: number }; similarity: number };
      // Equal similarities may come in either order: compare the set and the scores.
      const ids = (body: { items: Item[] }) => body.items.map((i) => i.listing.id).sort();
      const scores = (body: { items: Item[] }) => body.items.map((i) => i.similarity);
      expect(ids(viaScan)).toEqual(ids(viaIndex));
      expect(scores(viaScan)).toEqual(scores(viaIndex));
    } finally {
      forceVectorCapability(t.db, capability);
    }
    // On PGlite the extension is there; on the PostgreSQL server leg (no pgvector) it is not.
    expect(capability).toBe(process.env.TEST_DATABASE_URL ? 'exact' : 'pgvector');
  });

  it('uses the stated profile text of a cold-start producer', async () => {
    const writer = await createUser(t.db, {
      membershipTier: 'premium',
      whatAreYouLookingFor: 'heist thriller with a bank robbery crew',
    });
    await t.db.update(users).set({ role: 'producer' }).where(eq(users.id, writer.id));
    const body = (
      await get('/api/recommendations', await signIn(t, writer.id))
    ).json<RecommendationsResponse>();
    expect(body.isColdStart).toBe(true);
    expect(body.note).toMatch(/what your profile says/);
    expect(byTheme.heist).toContain(body.recommendations[0].listing.id);
  });

  it('never names a listing taken off the market in its reasons (issue 27)', async () => {
    const [hidden] = await insertListings(t.db, [
      {
        title: 'Withdrawn Coast Secret',
        genre: 'Drama',
        synopsis: `${THEMES.coast.words} secret`,
        themes: THEMES.coast.words.split(' ').slice(0, 3),
      },
    ]);
    await embedPendingListings({ db: t.db, embedder: createHashingEmbedder() }, { pauseMs: 0 });
    const fan = await createUser(t.db, { membershipTier: 'premium' });
    await t.db.insert(favourites).values({ userId: fan.id, listingId: hidden.id });
    // Its agent is suspended: the listing is withdrawn (hideAgentListings).
    await t.db.update(listings).set({ status: 'withdrawn' }).where(eq(listings.id, hidden.id));
    const response = await get('/api/recommendations', await signIn(t, fan.id));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Withdrawn Coast Secret');
  });
  it('searches by meaning among titles available for a medium in a territory only (issue 29)', async () => {
    await whenCatalogueIndexesBuilt();
    const space = (title: string) => ({
      title,
      genre: THEMES.space.genre,
      synopsis: `${THEMES.space.words} ${title}`,
      themes: THEMES.space.words.split(' ').slice(0, 3),
    });
    const grid = { rightsAvailable: ['tv', 'film'], territory: ['UK', 'Ireland'] };
    const [taken, free, filmOnly] = await insertListings(t.db, [
      { ...space('Orbit taken'), ...grid, rightsTaken: ['tv|ireland'] },
      { ...space('Orbit free'), ...grid },
      { ...space('Orbit film'), rightsAvailable: ['film'], territory: ['Ireland'] },
    ]);
    await embedPendingListings({ db: t.db, embedder: createHashingEmbedder() }, { pauseMs: 0 });
    const meaning = encodeURIComponent('a starship rebellion in a distant galaxy');
    const ids = async (filter: string) =>
      (
        (await get(`/api/listings/by-meaning?meaning=${meaning}&${filter}`)).json().items as {
          id: number;
        }[]
      ).map((item) => item.id);
    expect(await ids('availableMedia=tv&availableTerritory=IRELAND')).toEqual([free.id]);
    expect((await ids('availableMedia=film&availableTerritory=ireland')).sort()).toEqual(
      [taken.id, free.id, filmOnly.id].sort(),
    );
  });
});
