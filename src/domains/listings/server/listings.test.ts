import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ListingCard, ListListingsResponse } from '../listings.schema';
import { clearCatalogueCaches, invalidateCatalogueCaches } from './catalogue-cache';
import { insertListing, insertListings } from '../../../../tests/helpers/fixtures/listings';

const pounds = (value: number) => value * 100;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 12));

describe('[CATALOGUE] public stats and featured titles', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await createUser(t.db, { role: 'producer' });
    await insertListings(t.db, [
      {
        title: 'Old featured',
        isFeatured: true,
        createdAt: day(1),
        suggestedOfferMax: pounds(10_000),
      },
      { title: 'Sold featured', isFeatured: true, status: 'sold', createdAt: day(9) },
      ...[2, 3, 4, 5, 6, 7].map((n) => ({
        title: `Featured ${n}`,
        isFeatured: true,
        createdAt: day(n),
        suggestedOfferMax: pounds(20_000),
        viabilityScore: 75,
      })),
      {
        title: 'Plain',
        createdAt: day(8),
        suggestedOfferMax: pounds(100_000),
        viabilityScore: 100,
      },
    ]);
  });
  afterAll(() => t.close());

  it('answers the headline figures to anyone, cacheable for five minutes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/public/stats' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // 10,000 + 6 × 20,000 + 100,000; ROI: base 2.5× at score 75, the 5× cap at score 100.
    expect(response.json()).toEqual({
      totalValue: 230_000,
      bookCount: 9,
      agents: 2,
      totalROIPotential: 130_000 * 2.5 + 100_000 * 5,
    });
  });

  it('lists six featured titles, available before others, newest first', async () => {
    const response = await t.request({ method: 'GET', url: '/api/listings/featured' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const titles = (response.json() as ListingCard[]).map((card) => card.title);
    expect(titles).toEqual([
      'Featured 7',
      'Featured 6',
      'Featured 5',
      'Featured 4',
      'Featured 3',
      'Featured 2',
    ]);
    expect((response.json() as ListingCard[])[0]).toMatchObject({
      suggestedOfferMax: '20000.00',
      isFeatured: true,
    });
  });
});

describe('[CATALOGUE] GET /api/listings', () => {
  let t: TestApp;
  let cookie: string;

  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/listings?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListListingsResponse;
  };
  const titles = async (query: string) => (await list(query)).items.map((item) => item.title);

  beforeAll(async () => {
    t = await createTestApp();
    const producer = await createUser(t.db);
    cookie = await signIn(t, producer.id);
    await insertListings(t.db, [
      // Search and ranking
      {
        title: 'The Silent Detective',
        author: "Mary O'Brien",
        description: 'A quiet town, a loud secret.',
        tags: ['Crime', 'Mystery'],
        genre: 'Crime',
        medium: 'book',
        createdAt: day(1),
      },
      {
        title: 'Harbour Lights',
        author: 'James Hale',
        description: 'A retired detective returns to the silent harbour.',
        tags: ['Drama'],
        genre: 'Drama',
        medium: 'screenplay',
        createdAt: day(2),
      },
      {
        title: 'Dragon Academy',
        author: 'Li Wei',
        description: 'Young riders learn to fly.',
        tags: ['Young Adult Fantasy', 'Magic'],
        genre: 'Fantasy',
        medium: 'comic',
        createdAt: day(3),
      },
      {
        title: 'Sci-Fi Saga',
        author: 'Ana Lopez',
        description: 'Ships, stars and 100% pure adventure.',
        tags: ['Science Fiction'],
        genre: 'Science Fiction',
        medium: 'television',
        createdAt: day(4),
      },
    ]);
  });
  afterAll(() => t.close());

  it('is for signed-in users only, even with bad parameters', async () => {
    for (const url of ['/api/listings', '/api/listings?limit=10000']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('lists newest first with the total and facets', async () => {
    const page = await list('');
    expect(page.items.map((item) => item.title)).toEqual([
      'Sci-Fi Saga',
      'Dragon Academy',
      'Harbour Lights',
      'The Silent Detective',
    ]);
    expect(page.total).toBe(4);
    expect(page.facets.mediums).toEqual([
      { value: 'book', count: 1 },
      { value: 'comic', count: 1 },
      { value: 'screenplay', count: 1 },
      { value: 'television', count: 1 },
    ]);
    expect(page.facets.genres.map((facet) => facet.value)).toEqual([
      'Crime',
      'Drama',
      'Fantasy',
      'Science Fiction',
    ]);
  });

  it('finds a word in the title, author, description or a tag', async () => {
    expect(await titles('search=dragon')).toEqual(['Dragon Academy']);
    expect(await titles('search=hale')).toEqual(['Harbour Lights']);
    expect(await titles('search=riders')).toEqual(['Dragon Academy']);
    expect(await titles('search=magic')).toEqual(['Dragon Academy']);
  });

  it('needs every word, ignores case and punctuation, and matches word beginnings', async () => {
    expect(await titles('search=silent%20detective')).toEqual([
      'The Silent Detective',
      'Harbour Lights',
    ]);
    expect(await titles('search=silent%20dragon')).toEqual([]);
    expect(await titles(`search=${encodeURIComponent("  O'BRIEN!!  ")}`)).toEqual([
      'The Silent Detective',
    ]);
    expect(await titles(`search=${encodeURIComponent('sci-fi, saga.')}`)).toEqual(['Sci-Fi Saga']);
    expect(await titles('search=detect')).toEqual(['The Silent Detective', 'Harbour Lights']);
    expect(await titles(`search=${encodeURIComponent('100%')}`)).toEqual(['Sci-Fi Saga']);
  });

  it('ranks a title match above a description match, then newer first', async () => {
    // Both contain "detective"; the older listing has it in the title.
    const page = await list('search=detective');
    expect(page.items.map((item) => item.title)).toEqual([
      'The Silent Detective',
      'Harbour Lights',
    ]);
    expect(page.total).toBe(2);
  });

  it('treats a search of only punctuation as no search', async () => {
    expect((await list(`search=${encodeURIComponent('?!.,')}`)).total).toBe(4);
  });

  it('does not let search text reach SQL or tsquery syntax', async () => {
    const tricky = [
      "') or 1=1 --",
      'a & !b | c:*',
      "'; drop table listings; --",
      '\\',
      '日本語 ½ \u0301 🎬 Ⅻ x² ١٢٣',
      'w'.repeat(500),
    ];
    for (const search of tricky) {
      const response = await t.request({
        method: 'GET',
        url: `/api/listings?search=${encodeURIComponent(search)}`,
        cookie,
      });
      expect(response.statusCode, search.slice(0, 40)).toBe(200);
    }
    expect((await list('')).total).toBe(4);
  });

  it('filters genre by tags containing the value or the genre, case-insensitive', async () => {
    expect(await titles('genre=fantasy')).toEqual(['Dragon Academy']);
    expect(await titles('genre=FICTION')).toEqual(['Sci-Fi Saga']);
    expect(await titles('genre=myst')).toEqual(['The Silent Detective']);
    expect(await titles('genre=%25')).toEqual([]);
  });

  it('filters medium exactly, case-insensitive', async () => {
    expect(await titles('medium=BOOK')).toEqual(['The Silent Detective']);
    expect(await titles('medium=boo')).toEqual([]);
  });

  it('combines search with filters', async () => {
    expect(await titles('search=silent&medium=screenplay')).toEqual(['Harbour Lights']);
  });

  it('counts each facet over the listings matching the other filters', async () => {
    const page = await list('medium=comic');
    expect(page.total).toBe(1);
    // Choosing a medium still offers every medium...
    expect(page.facets.mediums).toHaveLength(4);
    // ...while the other menus narrow to what the chosen medium holds.
    expect(page.facets.genres).toEqual([{ value: 'Fantasy', count: 1 }]);
  });
});

describe('[CATALOGUE] bands, scope filters and paging', () => {
  let t: TestApp;
  let cookie: string;

  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/listings?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListListingsResponse;
  };
  const titles = async (query: string) =>
    (await list(`${query}&limit=100`)).items.map((item) => item.title).sort();

  beforeAll(async () => {
    t = await createTestApp();
    const producer = await createUser(t.db);
    cookie = await signIn(t, producer.id);
    await insertListings(t.db, [
      { title: 'p49999', suggestedOfferMax: pounds(49_999) },
      { title: 'p49999.99', suggestedOfferMax: pounds(50_000) - 1 },
      { title: 'p50000', suggestedOfferMax: pounds(50_000) },
      { title: 'p99999', suggestedOfferMax: pounds(99_999) },
      { title: 'p100000', suggestedOfferMax: pounds(100_000) },
      { title: 'p499999', suggestedOfferMax: pounds(499_999) },
      { title: 'p500000', suggestedOfferMax: pounds(500_000) },
      { title: 'pnone', suggestedOfferMax: null },
    ]);
    await insertListings(
      t.db,
      [49, 50, 69, 70, 84, 85, 100].map((score) => ({
        title: `v${score}`,
        viabilityScore: score,
        medium: 'game',
      })),
    );
    await insertListings(t.db, [
      {
        title: 'scope-a',
        medium: 'stage',
        rightsAvailable: ['film', 'tv', 'streaming'],
        territory: ['UK', 'Ireland'],
        // Issue 29: deals hold Film in the UK and TV in Ireland; its other cells are free.
        rightsTaken: ['film|uk', 'tv|ireland'],
        exclusivity: 'exclusive',
        isFeatured: true,
        status: 'optioned',
      },
      {
        title: 'scope-b',
        medium: 'stage',
        rightsAvailable: ['film'],
        territory: ['US'],
        exclusivity: 'non-exclusive',
        status: 'sold',
      },
      {
        title: 'scope-c',
        medium: 'stage',
        rightsAvailable: ['tv', 'radio'],
        territory: ['Worldwide'],
        exclusivity: 'first-look',
      },
    ]);
    clearCatalogueCaches();
  });
  afterAll(() => t.close());

  it('puts suggested maximums in price bands at the exact edges', async () => {
    expect(await titles('priceRange=under-50k')).toEqual(['p49999', 'p49999.99']);
    expect(await titles('priceRange=50k-100k')).toEqual(['p50000', 'p99999']);
    expect(await titles('priceRange=100k-500k')).toEqual(['p100000', 'p499999']);
    expect(await titles('priceRange=over-500k')).toEqual(['p500000']);
  });

  it('puts viability scores in the four bands', async () => {
    const scored = (query: string) =>
      titles(`medium=game&${query}`).then((names) =>
        names.map((n) => Number(n.slice(1))).sort((a, b) => a - b),
      );
    expect(await scored('commercialViability=highly-viable')).toEqual([85, 100]);
    expect(await scored('commercialViability=viable')).toEqual([70, 84]);
    expect(await scored('commercialViability=cautionary')).toEqual([50, 69]);
    expect(await scored('commercialViability=high-risk')).toEqual([49]);
  });

  it('filters featured and status', async () => {
    expect(await titles('featured=true')).toEqual(['scope-a']);
    expect((await list('featured=false')).total).toBe(17);
    expect(await titles('status=sold')).toEqual(['scope-b']);
    expect(await titles('status=optioned')).toEqual(['scope-a']);
  });

  it('needs every chosen right, any chosen territory, and the exclusivity', async () => {
    expect(await titles('rights=film')).toEqual(['scope-a', 'scope-b']);
    expect(await titles('rights=film,tv')).toEqual(['scope-a']);
    expect(await titles(`rights=${encodeURIComponent('tv, radio')}`)).toEqual(['scope-c']);
    expect(await titles('territory=US,Worldwide')).toEqual(['scope-b', 'scope-c']);
    expect(await titles('territory=UK')).toEqual(['scope-a']);
    expect(await titles('exclusivity=first-look')).toEqual(['scope-c']);
  });

  it('lists a title as available for a medium in a territory only while no deal holds that cell', async () => {
    expect(await titles('availableMedia=tv&availableTerritory=Ireland')).toEqual([]);
    // Territories compare without case or surrounding spaces, as the grid keys them.
    expect(await titles('availableMedia=tv&availableTerritory=%20uk%20')).toEqual(['scope-a']);
    expect(await titles('availableMedia=film&availableTerritory=UK')).toEqual([]);
    expect(await titles('availableMedia=streaming&availableTerritory=IRELAND')).toEqual([
      'scope-a',
    ]);
    // Either alone: some cell of that medium, or in that territory, is free.
    expect(await titles('availableMedia=tv')).toEqual(['scope-a', 'scope-c']);
    expect(await titles('availableMedia=film')).toEqual(['scope-a', 'scope-b']); // Film in Ireland
    expect(await titles('availableTerritory=ireland')).toEqual(['scope-a']);
    // A right the title does not offer is never available, whatever is taken.
    expect(await titles('availableMedia=stage&availableTerritory=UK')).toEqual([]);
  });

  it('counts rights, territory and exclusivity facets', async () => {
    const page = await list('medium=stage');
    expect(page.facets.rights).toEqual([
      { value: 'film', count: 2 },
      { value: 'radio', count: 1 },
      { value: 'streaming', count: 1 },
      { value: 'tv', count: 2 },
    ]);
    expect(page.facets.territories).toEqual([
      { value: 'Ireland', count: 1 },
      { value: 'UK', count: 1 },
      { value: 'US', count: 1 },
      { value: 'Worldwide', count: 1 },
    ]);
    expect(page.facets.exclusivity).toEqual([
      { value: 'exclusive', count: 1 },
      { value: 'first-look', count: 1 },
      { value: 'non-exclusive', count: 1 },
    ]);
    // With film chosen, the rights menu still counts every right of the stage listings.
    const filtered = await list('medium=stage&rights=film');
    expect(filtered.total).toBe(2);
    expect(filtered.facets.rights).toEqual(page.facets.rights);
    expect(filtered.facets.exclusivity).toEqual([
      { value: 'exclusive', count: 1 },
      { value: 'non-exclusive', count: 1 },
    ]);
  });

  it('pages with limit and offset (24 by default) over a stable order', async () => {
    const all = await list('limit=100');
    expect(all.total).toBe(18);
    expect((await list('')).items).toHaveLength(18);
    const first = await list('limit=5');
    const second = await list('limit=5&offset=5');
    const last = await list('limit=5&offset=15');
    expect(first.items.map((item) => item.id)).toEqual(all.items.slice(0, 5).map((i) => i.id));
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(5, 10).map((i) => i.id));
    expect(last.items).toHaveLength(3);
    expect(last.total).toBe(18);
    expect((await list('offset=500')).items).toEqual([]);
  });

  it('sorts by price either way (unpriced last) and by viability, highest first', async () => {
    const order = async (query: string) =>
      (await list(`${query}&limit=100`)).items.map((item) => item.title);
    const priced = ['p500000', 'p499999', 'p100000', 'p99999', 'p50000', 'p49999.99', 'p49999'];
    const byPriceHigh = await order('sort=price-high');
    expect(byPriceHigh.filter((title) => title.startsWith('p'))).toEqual([...priced, 'pnone']);
    const byPriceLow = await order('sort=price-low');
    expect(byPriceLow.filter((title) => title.startsWith('p'))).toEqual([
      ...[...priced].reverse(),
      'pnone',
    ]);
    expect(await order('medium=game&sort=viability')).toEqual([
      'v100',
      'v85',
      'v84',
      'v70',
      'v69',
      'v50',
      'v49',
    ]);
    // Newest is the default order, and relevance without a search is newest too.
    const newest = await order('');
    expect(await order('sort=newest')).toEqual(newest);
    expect(await order('sort=relevance')).toEqual(newest);
    // The order never changes the count or the facets.
    expect((await list('sort=price-low')).total).toBe((await list('')).total);
  });

  it('refuses bad parameters with 400 and a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['sort=cheapest', 'sort must be one of relevance, newest, price-high, price-low, viability'],
      ['priceRange=cheap', 'priceRange must be one of under-50k, 50k-100k, 100k-500k, over-500k'],
      [
        'commercialViability=great',
        'commercialViability must be one of highly-viable, viable, cautionary, high-risk',
      ],
      ['offset=-1', 'offset must not be negative'],
      ['limit=10000', 'limit must be between 1 and 100'],
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=abc', 'limit must be a number'],
      [`search=${'a'.repeat(5000)}`, 'Search must be at most 500 characters'],
      ['rights=film,rocket', 'rights must be a comma-separated list of'],
      ['availableMedia=rocket', 'availableMedia must be one of film, tv,'],
      [
        `availableTerritory=${'a'.repeat(201)}`,
        'availableTerritory must be at most 200 characters',
      ],
      ['status=lost', ''],
      ['featured=maybe', ''],
    ];
    for (const [query, message] of cases) {
      const response = await t.request({ method: 'GET', url: `/api/listings?${query}`, cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message).toContain(message);
    }
  });

  it('shows a new listing at once after a write, and its count right behind it', async () => {
    const before = await list('');
    const featuredBefore = await t.request({ method: 'GET', url: '/api/listings/featured' });
    expect(featuredBefore.json()).toHaveLength(1);
    await insertListing(t.db, { title: 'Brand new', isFeatured: true });
    invalidateCatalogueCaches();

    const after = await list('');
    expect(after.items[0].title).toBe('Brand new');
    const featured = await t.request({ method: 'GET', url: '/api/listings/featured' });
    expect((featured.json() as ListingCard[]).map((card) => card.title)).toContain('Brand new');
    // Counts are recounted in the background: the next answers catch up.
    await vi.waitFor(async () => expect((await list('')).total).toBe(before.total + 1));
  });
});

describe('[CATALOGUE] GET /api/listings/:id', () => {
  let t: TestApp;
  let cookie: string;
  let listingId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { role: 'admin' });
    cookie = await signIn(t, admin.id);
    const listing = await insertListing(t.db, {
      title: 'Detail Title',
      synopsis: 'The full synopsis.',
      suggestedOfferMin: pounds(25_000),
      suggestedOfferMax: 7_500_050,
      askingPrice: pounds(80_000),
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
      exclusivity: 'exclusive',
      mediumDetails: { averageRating: 4.2, ratingsCount: 120 },
    });
    listingId = listing.id;
  });
  afterAll(() => t.close());

  it('answers every detail field with money in pounds', async () => {
    const response = await t.request({ method: 'GET', url: `/api/listings/${listingId}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: listingId,
      title: 'Detail Title',
      synopsis: 'The full synopsis.',
      suggestedOfferMin: '25000.00',
      suggestedOfferMax: '75000.50',
      askingPrice: '80000.00',
      minimumDeal: null,
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
      exclusivity: 'exclusive',
      mediumDetails: { averageRating: 4.2, ratingsCount: 120 },
    });
    expect(response.json()).not.toHaveProperty('searchVector');
    expect(response.json()).not.toHaveProperty('agentNotes');
  });

  it('answers 401 when signed out and 404 for a missing or non-numeric id', async () => {
    const signedOut = await t.request({ method: 'GET', url: `/api/listings/${listingId}` });
    expect(signedOut.statusCode).toBe(401);
    for (const id of ['999999', 'abc', '1.5', '-1', '99999999999', '0']) {
      const response = await t.request({ method: 'GET', url: `/api/listings/${id}`, cookie });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Listing not found', code: 'NOT_FOUND' });
    }
  });
});

describe('[CATALOGUE] paging past the ranked pool', () => {
  let t: TestApp;
  let cookie: string;
  const MATCHES = 300;

  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/listings?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListListingsResponse;
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, (await createUser(t.db)).id);
    await insertListings(
      t.db,
      Array.from({ length: MATCHES }, (_, n) => ({
        // Every fifth listing has the word in its title; the rest only in the description.
        title: n % 5 === 0 ? `Lantern tale ${n}` : `Plain story ${n}`,
        description: 'A lantern glows.',
        medium: n % 2 === 0 ? 'book' : 'comic',
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, n)),
      })),
    );
    clearCatalogueCaches();
  });
  afterAll(() => t.close());

  it('returns every match exactly once across Load More pages of any size', async () => {
    for (const query of ['search=lantern', 'medium=book', 'search=lantern&medium=comic']) {
      const first = await list(`${query}&limit=24`);
      const seen: number[] = first.items.map((item) => item.id);
      for (let offset = 24; offset < first.total; offset += 12) {
        seen.push(...(await list(`${query}&limit=12&offset=${offset}`)).items.map((i) => i.id));
      }
      expect(new Set(seen).size, query).toBe(first.total);
      expect(seen, query).toHaveLength(first.total);
    }
  });

  it('puts title matches first among the newest matches', async () => {
    const page = await list('search=lantern&limit=60');
    expect(page.total).toBe(MATCHES);
    // The 60 newest title matches would be 60 of 300 × 1/5; the pool holds the newest 240,
    // whose 48 title matches come first, newest first.
    const titles = page.items.map((item) => item.title);
    expect(titles.slice(0, 48).every((title) => title.startsWith('Lantern tale'))).toBe(true);
    expect(titles[0]).toBe('Lantern tale 295');
    expect(titles.slice(48).every((title) => title.startsWith('Plain story'))).toBe(true);
  });
});
