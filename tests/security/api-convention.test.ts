import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { ListingFormSchema } from '@/domains/listings/listing-form.schema';
import {
  CreateOfferRequestSchema,
  OFFER_MESSAGES,
  TermSheetRequestSchema,
} from '@/domains/offers/offers.schema';
import { TasteProfileBodySchema } from '@/domains/recommendations/recommendations.schema';
import { createTestApp, createUser, signIn, type TestApp } from '../helpers/test-app';
import { LIBRARY_PHRASES } from './fuzz/run-fuzz';
import { offerKit, type OfferKit } from '../helpers/fixtures/offers';

/**
 * Issue 27: every amount that comes in is taken as a numeric string or a number ("60000" or
 * 60000), parsed exactly, and answered as pounds strings ("60000.00").
 */
const listingForm = (prices: Record<string, unknown>) => ({
  title: 'The Tidewater Accounts',
  author: 'Ines Mallory',
  category: 'Fiction',
  synopsis:
    'A bookkeeper on a tidal island finds that the ledgers of the drowned village still balance, and that someone keeps them.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film'],
  territory: ['Worldwide'],
  exclusivity: 'exclusive',
  ...prices,
});

describe('[API CONVENTION] money in: a numeric string or a number, everywhere', () => {
  it('takes the listing form’s prices, the offer’s, the term sheet’s and the budget as text or number', () => {
    for (const [askingPrice, minimumDeal] of [
      ['60000', '45000.50'],
      [60000, 45000.5],
    ]) {
      const form = ListingFormSchema.parse(listingForm({ askingPrice, minimumDeal }));
      expect([form.askingPrice, form.minimumDeal]).toEqual([60000, 45000.5]);
    }
    const offer = { listingId: 1, optionPeriod: 12, deckFileUrl: '/api/offers/decks/x' };
    for (const offerPrice of ['25000', 25000]) {
      const parsed = CreateOfferRequestSchema.safeParse({ ...offer, offerPrice });
      expect(parsed.success && parsed.data.offerPricePence).toBe(2_500_000);
    }
    expect(
      CreateOfferRequestSchema.safeParse({ ...offer, offerPrice: 999 }).error?.message,
    ).toContain(OFFER_MESSAGES.offerPriceMinimum);
    const terms = TermSheetRequestSchema.parse({
      offerPrice: 30000,
      optionPeriod: 18,
      purchasePrice: 250000,
      extensionFee: '5000.50',
    });
    expect(terms).toMatchObject({
      offerPricePence: 3_000_000,
      purchasePricePence: 25_000_000,
      extensionFeePence: 500_050,
    });
    const budget = TasteProfileBodySchema.parse({
      genres: [],
      mediums: [],
      budgetMin: 50000,
      budgetMax: '250000',
    });
    expect([budget.budgetMin, budget.budgetMax]).toEqual(['50000', '250000']);
  });
});

describe('[MONEY] POST/PUT /api/listings with "askingPrice": "60000"', () => {
  let t: TestApp;
  let kit: OfferKit;
  let agent: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    kit = offerKit(t);
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await kit.signIn(agent);
  }, 120_000);
  afterAll(() => t?.close());

  it('saves the listing and answers its prices as pounds strings', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/listings',
      cookie: kit.cookie(agent),
      payload: listingForm({ askingPrice: '60000', minimumDeal: '45000.50' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const updated = await t.request({
      method: 'PUT',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(agent),
      payload: listingForm({ askingPrice: '75000.25', minimumDeal: 50000 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const detail = await t.request({
      method: 'GET',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(agent),
    });
    expect(detail.json()).toMatchObject({ askingPrice: '75000.25', minimumDeal: '50000.00' });
  });
});

describe('[API CONVENTION] one way in for every route: sign-in first, known parameters, our words', () => {
  let t: TestApp;
  let admin: UserRow;
  let adminCookie: string;
  let agent: UserRow;
  let agentCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { role: 'admin' });
    adminCookie = await signIn(t, admin.id);
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    agentCookie = await signIn(t, agent.id);
    for (let n = 0; n < 6; n += 1) await createUser(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('answers a signed-out write 401 before it looks at the body', async () => {
    for (const [method, url] of [
      ['PUT', '/api/listings/1'],
      ['POST', '/api/listings'],
      ['PATCH', '/api/saved-searches/1'],
      ['POST', '/api/offers'],
    ] as const) {
      const response = await t.request({ method, url, payload: { askingPrice: 'lots' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        message: 'Unauthorised - please sign in',
        code: 'UNAUTHENTICATED',
      });
    }
    // Signing in is a write that reads its body signed out.
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(login.statusCode).toBe(400);
  });

  it('refuses a query parameter the route does not take, naming it and what it takes', async () => {
    const typo = await t.request({
      method: 'GET',
      url: '/api/listings?limt=5&colour=red',
      cookie: agentCookie,
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toMatch(/^Unknown query parameters limt, colour: it takes .*limit/);
    expect(typo.json().fields).toEqual({
      limt: 'Unknown query parameter',
      colour: 'Unknown query parameter',
    });
    const none = await t.request({
      method: 'GET',
      url: '/api/saved-searches?page=2',
      cookie: agentCookie,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Unknown query parameter page: it takes none');
    const known = await t.request({
      method: 'GET',
      url: '/api/listings?limit=5',
      cookie: agentCookie,
    });
    expect(known.statusCode).toBe(200);
  });

  it('pages every list with limit and offset, page-paged lists included, and documents it', async () => {
    const page = (query: string) =>
      t.request({ method: 'GET', url: `/api/admin/users?${query}`, cookie: adminCookie });
    const byPage = (await page('page=2&pageSize=3')).json();
    const byOffset = await page('limit=3&offset=3');
    expect(byOffset.statusCode, byOffset.body).toBe(200);
    expect(byOffset.json()).toMatchObject({ page: 2, pageSize: 3 });
    expect(byOffset.json().users.map((u: { id: number }) => u.id)).toEqual(
      byPage.users.map((u: { id: number }) => u.id),
    );
    const between = await page('limit=3&offset=4');
    expect(between.statusCode).toBe(400);
    expect(between.json().message).toBe('offset must be a multiple of limit (3) on this list');

    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const listOperations = Object.entries<
      Record<string, { parameters?: { name: string; in: string }[] }>
    >(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
    // Every list that pages (recommendations' `limit` is a top N, not paging).
    const paged = listOperations.filter(
      ({ query }) => query.includes('offset') || query.includes('page'),
    );
    expect(paged.length).toBeGreaterThan(5);
    for (const { key, query } of paged) {
      expect(query, key).toEqual(expect.arrayContaining(['limit', 'offset']));
    }
  });

  it('pages the admin lists that had a fixed page size by limit and offset too', async () => {
    for (const url of ['/api/admin/chain-of-title/overview', '/api/google-books/listings']) {
      const response = await t.request({
        method: 'GET',
        url: `${url}?limit=2&offset=4`,
        cookie: adminCookie,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json().page, url).toBe(3);
    }
  });

  it('says what to send in its own words, never a library’s', async () => {
    const notAnObject = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: agentCookie,
      headers: { 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe('Send a JSON object');
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: agentCookie,
      payload: { name: 'Mine', query: {}, frequency: 'hourly' },
    });
    expect(wrongType.json().message).toBe('frequency must be one of immediate, daily, weekly, off');
    const missing = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: agentCookie,
      payload: { name: 'Mine' },
    });
    expect(missing.json()).toMatchObject({
      message: 'query: Required: send a JSON object',
      fields: { query: 'Required: send a JSON object' },
    });
    const emptyJson = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: agentCookie,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.json().message).toBe(
      'The body is empty: send a JSON object, or no Content-Type header when there is no body',
    );
    for (const response of [notAnObject, wrongType, missing, emptyJson]) {
      const { message, fields } = response.json();
      for (const text of [message, ...Object.values(fields ?? {})]) {
        expect(LIBRARY_PHRASES.filter((phrase) => phrase.test(String(text)))).toEqual([]);
      }
    }
  });
});
