import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ListingCard } from '@/domains/listings/listings.schema';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';

describe('[FAVOURITES] favourite listings', () => {
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  let first: ListingRow;
  let second: ListingRow;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as = cookie) =>
    t.request({ method, url, cookie: as });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, (await createUser(t.db)).id);
    otherCookie = await signIn(t, (await createUser(t.db, { role: 'agent' })).id);
    [first, second] = await insertListings(t.db, [
      { title: 'First favourite', suggestedOfferMax: 12_345_678 },
      { title: 'Second favourite' },
    ]);
  });
  afterAll(() => t.close());

  it('adds, reports and removes a favourite, idempotently', async () => {
    const before = await call('GET', `/api/favorites/${first.id}/status`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ isFavorited: false });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const added = await call('POST', `/api/favorites/${first.id}`);
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({ isFavorited: true });
    }
    expect((await call('GET', `/api/favorites/${first.id}/status`)).json()).toEqual({
      isFavorited: true,
    });
    // Someone else's favourites are their own.
    expect((await call('GET', `/api/favorites/${first.id}/status`, otherCookie)).json()).toEqual({
      isFavorited: false,
    });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const removed = await call('DELETE', `/api/favorites/${first.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ isFavorited: false });
    }
    expect((await call('GET', `/api/favorites/${first.id}/status`)).json()).toEqual({
      isFavorited: false,
    });
  });

  it('lists favourites as cards, the most recent first', async () => {
    await call('POST', `/api/favorites/${first.id}`);
    await call('POST', `/api/favorites/${second.id}`);
    const response = await call('GET', '/api/favorites');
    expect(response.statusCode).toBe(200);
    const cards = response.json() as ListingCard[];
    expect(cards.map((card) => card.title)).toEqual(['Second favourite', 'First favourite']);
    expect(cards[1].suggestedOfferMax).toBe('123456.78');
    expect((await call('GET', '/api/favorites', otherCookie)).json()).toEqual([]);
  });

  it('answers 404 for a listing that does not exist', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      for (const id of ['424242', 'abc']) {
        const response = await call(method, `/api/favorites/${id}`);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Listing not found', code: 'NOT_FOUND' });
      }
    }
    expect((await call('GET', '/api/favorites/424242/status')).statusCode).toBe(404);
  });

  it('is for signed-in users only', async () => {
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['GET', `/api/favorites/${first.id}/status`],
      ['POST', `/api/favorites/${first.id}`],
      ['DELETE', `/api/favorites/${first.id}`],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
