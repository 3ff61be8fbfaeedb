import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import type { MembershipStatus } from '../membership.schema';
import { membershipMonth, nextResetDate } from './membership-period';
import { listingViews } from './membership.tables';
import { recordListingView } from './record-listing-view';

describe('[MEMBERSHIP] UK calendar months', () => {
  it('starts a month at midnight UK time, in winter and in summer', () => {
    // GMT in winter: 23:59 UTC on 31 January is still January in London.
    expect(membershipMonth(new Date('2025-01-31T23:59:59Z'))).toBe('2025-01');
    expect(membershipMonth(new Date('2025-02-01T00:00:00Z'))).toBe('2025-02');
    // BST in summer: 23:30 UTC on 31 May is already 00:30 on 1 June in London.
    expect(membershipMonth(new Date('2025-05-31T22:59:59Z'))).toBe('2025-05');
    expect(membershipMonth(new Date('2025-05-31T23:30:00Z'))).toBe('2025-06');
  });

  it('resets on the first day of the next month', () => {
    expect(nextResetDate(new Date('2025-01-15T12:00:00Z'))).toBe('2025-02-01');
    expect(nextResetDate(new Date('2025-05-31T23:30:00Z'))).toBe('2025-07-01');
    expect(nextResetDate(new Date('2025-12-31T12:00:00Z'))).toBe('2026-01-01');
  });
});

describe('[MEMBERSHIP] monthly listing views', () => {
  let t: TestApp;
  let catalogue: ListingRow[];

  const open = (cookie: string, listing: ListingRow) =>
    t.request({ method: 'GET', url: `/api/listings/${listing.id}`, cookie });
  const status = async (cookie: string) => {
    const response = await t.request({ method: 'GET', url: '/api/membership/status', cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as MembershipStatus;
  };
  const freeProducer = async () => signIn(t, (await createUser(t.db)).id);

  beforeAll(async () => {
    t = await createTestApp();
    catalogue = await insertListings(
      t.db,
      Array.from({ length: 12 }, (_, n) => ({ title: `Viewable ${n + 1}` })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  it('lets a free producer open five different listings, then refuses the sixth', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T09:00:00Z'));
    const cookie = await freeProducer();

    expect(await status(cookie)).toEqual({
      tier: 'free',
      usage: { listingViews: 0, remaining: 5, resetDate: '2025-04-01' },
      features: { monthlyListingViews: 5 },
      premiumExpiresAt: null,
      autoRenew: null,
    });
    for (const listing of catalogue.slice(0, 5)) {
      expect((await open(cookie, listing)).statusCode).toBe(200);
    }
    expect((await status(cookie)).usage).toEqual({
      listingViews: 5,
      remaining: 0,
      resetDate: '2025-04-01',
    });

    const sixth = await open(cookie, catalogue[5]);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      message: 'Monthly viewing limit reached. Upgrade to Premium for unlimited listing views.',
      code: 'LIMIT_REACHED',
      upgradeRequired: true,
      resetDate: '2025-04-01',
    });

    // Opening one already counted this month is free, as often as they like.
    expect((await open(cookie, catalogue[0])).statusCode).toBe(200);
    expect((await open(cookie, catalogue[4])).statusCode).toBe(200);
    expect((await status(cookie)).usage.listingViews).toBe(5);
  });

  it('does not count a listing that does not exist', async () => {
    const cookie = await freeProducer();
    const missing = await t.request({ method: 'GET', url: '/api/listings/987654', cookie });
    expect(missing.statusCode).toBe(404);
    expect((await status(cookie)).usage.listingViews).toBe(0);
  });

  it('starts again on the first of the month, UK time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 31 March 2025 is 00:30 BST on 1 April in London.
    vi.setSystemTime(new Date('2025-03-31T22:30:00Z'));
    const cookie = await freeProducer();
    for (const listing of catalogue.slice(0, 5)) {
      expect((await open(cookie, listing)).statusCode).toBe(200);
    }
    expect((await open(cookie, catalogue[6])).statusCode).toBe(403);

    vi.setSystemTime(new Date('2025-03-31T23:30:00Z'));
    expect((await status(cookie)).usage).toEqual({
      listingViews: 0,
      remaining: 5,
      resetDate: '2025-05-01',
    });
    expect((await open(cookie, catalogue[6])).statusCode).toBe(200);
    // Last month's listings count again as new ones.
    expect((await open(cookie, catalogue[0])).statusCode).toBe(200);
    expect((await status(cookie)).usage.listingViews).toBe(2);
  });

  it('never grants more than five when ten listings are opened at once', async () => {
    const cookie = await freeProducer();
    const responses = await Promise.all(
      catalogue.slice(0, 10).map((listing) => open(cookie, listing)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 403)).toHaveLength(5);
    expect((await status(cookie)).usage.listingViews).toBe(5);
  });

  it('gives premium producers, agents and admins unlimited views', async () => {
    const premium = await createUser(t.db, { membershipTier: 'premium' });
    const agent = await createUser(t.db, { role: 'agent' });
    const admin = await createUser(t.db, { role: 'admin' });
    for (const user of [premium, agent, admin]) {
      const cookie = await signIn(t, user.id);
      for (const listing of catalogue.slice(0, 8)) {
        expect((await open(cookie, listing)).statusCode).toBe(200);
      }
      const current = await status(cookie);
      expect(current.usage.listingViews).toBe(8);
      expect(current.usage.remaining).toBeNull();
      expect(current.features.monthlyListingViews).toBe('unlimited');
    }
    expect((await status(await signIn(t, premium.id))).tier).toBe('premium');
  });

  it('treats a premium membership that has run out as free', async () => {
    const lapsed = await createUser(t.db, {
      membershipTier: 'premium',
      premiumExpiresAt: new Date(Date.now() - 60_000),
    });
    const cookie = await signIn(t, lapsed.id);
    expect((await status(cookie)).tier).toBe('free');
    for (const listing of catalogue.slice(0, 5)) {
      expect((await open(cookie, listing)).statusCode).toBe(200);
    }
    expect((await open(cookie, catalogue[5])).statusCode).toBe(403);
  });

  it('answers 401 to signed-out visitors', async () => {
    expect((await t.request({ method: 'GET', url: '/api/membership/status' })).statusCode).toBe(
      401,
    );
    expect((await open('', catalogue[0])).statusCode).toBe(401);
  });

  it('records views in the database, one row per listing per month', async () => {
    const user = await createUser(t.db);
    const now = new Date('2025-07-04T10:00:00Z');
    await recordListingView(t.db, { viewer: user, listingId: catalogue[0].id, now });
    await recordListingView(t.db, { viewer: user, listingId: catalogue[0].id, now });
    await recordListingView(t.db, { viewer: user, listingId: catalogue[1].id, now });
    const rows = await t.db.select().from(listingViews);
    const mine = rows.filter((row) => row.userId === user.id);
    expect(mine.map((row) => [row.month, row.listingId])).toEqual([
      ['2025-07', catalogue[0].id],
      ['2025-07', catalogue[1].id],
    ]);
  });
});
