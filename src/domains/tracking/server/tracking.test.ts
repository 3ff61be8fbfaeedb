import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { activityEvents, searchEvents } from './tracking.tables';

describe('[TRACKING] searches and listing activity', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let listing: ListingRow;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    userId = user.id;
    cookie = await signIn(t, user.id);
    listing = await insertListing(t.db, { title: 'Tracked' });
  });
  afterAll(() => t.close());

  it('records a search with its filters and result count', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/tracking/search',
      cookie,
      payload: {
        searchQuery: 'silent detective',
        filters: { genre: 'Crime', priceRange: 'under-50k' },
        resultsCount: 42,
      },
    });
    expect(response.statusCode).toBe(204);
    const rows = await t.db.select().from(searchEvents).where(eq(searchEvents.userId, userId));
    expect(rows).toMatchObject([
      {
        searchQuery: 'silent detective',
        filters: { genre: 'Crime', priceRange: 'under-50k' },
        resultsCount: 42,
      },
    ]);
  });

  it('records an activity sent as JSON or as a text/plain beacon', async () => {
    const body = {
      listingId: listing.id,
      activityType: 'view',
      timeSpent: 12,
      sessionId: 'session-abc',
      userAgent: 'Mozilla/5.0 test',
    };
    const json = await t.request({
      method: 'POST',
      url: '/api/tracking/activity',
      cookie,
      payload: body,
    });
    expect(json.statusCode).toBe(204);
    const beacon = await t.request({
      method: 'POST',
      url: '/api/tracking/activity',
      cookie,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ...body, activityType: 'share', timeSpent: 0 }),
    });
    expect(beacon.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userId, userId))
      .orderBy(activityEvents.id);
    expect(rows).toMatchObject([
      { listingId: listing.id, activityType: 'view', timeSpent: 12, sessionId: 'session-abc' },
      { listingId: listing.id, activityType: 'share', timeSpent: 0, userAgent: 'Mozilla/5.0 test' },
    ]);
  });

  it('refuses invalid tracking bodies with 400', async () => {
    const cases: Array<[string, object | string, string?]> = [
      ['/api/tracking/activity', { listingId: listing.id, activityType: 'stare' }],
      ['/api/tracking/activity', { listingId: 'one', activityType: 'view' }],
      ['/api/tracking/activity', { listingId: listing.id, activityType: 'view', timeSpent: -3 }],
      [
        '/api/tracking/activity',
        { listingId: listing.id, activityType: 'view', userAgent: 'x'.repeat(501) },
      ],
      ['/api/tracking/activity', '{"listingId": ', 'text/plain'],
      ['/api/tracking/search', { searchQuery: 'x'.repeat(501), filters: {}, resultsCount: 1 }],
      ['/api/tracking/search', { searchQuery: 'ok', filters: {}, resultsCount: -1 }],
      [
        '/api/tracking/search',
        { searchQuery: 'ok', filters: { genre: 'g'.repeat(101) }, resultsCount: 1 },
      ],
    ];
    for (const [url, payload, contentType] of cases) {
      const response = await t.request({
        method: 'POST',
        url,
        cookie,
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.userId, userId));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 for activity on a listing that does not exist', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/tracking/activity',
      cookie,
      payload: { listingId: 999_999, activityType: 'view' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('is for signed-in users only', async () => {
    for (const url of ['/api/tracking/search', '/api/tracking/activity']) {
      const response = await t.request({
        method: 'POST',
        url,
        payload: { searchQuery: '', filters: {}, resultsCount: 0 },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('keeps other routes reading text/plain as text', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/favorites/1',
      cookie,
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(response.statusCode).not.toBe(400);
  });
});
