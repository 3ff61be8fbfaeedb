import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import {
  membershipPayments,
  membershipSubscriptions,
} from '@/domains/membership/server/subscriptions.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { activityEvents, searchEvents } from '@/domains/tracking/server/tracking.tables';
import { escapeCsvCell, toCsv } from '@/shared/csv';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import type { AdminAnalytics } from '../admin-analytics.schema';
import { median, periodStarts } from './find-admin-analytics';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('[ADMIN] analytics', () => {
  let t: TestApp;
  let admin: UserRow;
  let adminCookie: string;
  let producerCookie: string;
  let agentCookie: string;

  const analytics = async (query = '') => {
    const response = await t.request({
      method: 'GET',
      url: `/api/admin/analytics${query}`,
      cookie: adminCookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminAnalytics>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { role: 'admin' });
    adminCookie = await signIn(t, admin.id);
  }, 120_000);
  afterAll(() => t?.close());

  it('says there is nothing yet on an empty platform', async () => {
    const body = await analytics();
    expect(body.users.byRole).toEqual([{ role: 'admin', count: 1 }]);
    expect(body.users.signups).toHaveLength(12);
    expect(body.users.signups.at(-1)?.count).toBe(1);
    expect(body.verification).toMatchObject({
      pending: 0,
      oldestSubmittedAt: null,
      medianAgeDays: null,
    });
    expect(body.listings).toEqual({ total: 0, byMedium: [], byStatus: [] });
    expect(body.offers.funnel.every((stage) => stage.count === 0)).toBe(true);
    expect(body.money).toMatchObject({ holdsOutstanding: '0.00', captured: '0.00' });
    expect(body.mostViewed).toEqual([]);
    expect(body.zeroResultSearches).toEqual([]);
  });

  it('counts every figure from the rows', async () => {
    const now = Date.now();
    const producer = await createUser(t.db, { role: 'producer', membershipTier: 'premium' });
    const free = await createUser(t.db, { role: 'producer' });
    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    // The queue: submitted 1, 4 and 20 days ago (median 4, oldest 20); a deleted one is not.
    for (const days of [1, 4, 20]) {
      await createUser(t.db, {
        role: 'agent',
        agentVerificationStatus: 'pending',
        agentVerificationSubmittedAt: new Date(now - days * DAY_MS),
      });
    }
    await createUser(t.db, {
      role: 'agent',
      agentVerificationStatus: 'pending',
      agentVerificationSubmittedAt: new Date(now - 90 * DAY_MS),
      deletedAt: new Date(),
    });
    producerCookie = await signIn(t, free.id);
    agentCookie = await signIn(t, agent.id);

    const book = await insertListing(t.db, {
      title: 'Salt Roads',
      author: 'A',
      medium: 'book',
      agentId: agent.id,
    });
    const script = await insertListing(t.db, {
      title: 'Night Desk',
      author: 'B',
      medium: 'script',
      agentId: agent.id,
    });
    await insertListing(t.db, { title: 'Draft', author: 'C', medium: 'book', status: 'draft' });

    // One open offer per producer and listing: the open ones are spread over both.
    const offer = (
      status: string,
      pence: number,
      isAuthorised = true,
      who = producer,
      on = book,
    ) => ({
      listingId: on.id,
      producerId: who.id,
      offerPricePence: pence,
      optionPeriod: 12,
      paymentProvider: 'local',
      status: status as 'pending',
      submittedAt: isAuthorised ? new Date() : null,
    });
    await t.db
      .insert(offers)
      .values([
        offer('awaiting_payment', 100_000, false),
        offer('abandoned', 100_000, false),
        offer('cancelled', 100_000, false),
        offer('pending', 2_500_000, true, free),
        offer('pending', 1_000_000, true, producer, script),
        offer('accepted', 5_000_000),
        offer('rejected', 300_000),
        offer('expired', 400_000),
        offer('cancelled', 500_000),
      ]);

    const [subscription] = await t.db
      .insert(membershipSubscriptions)
      .values({
        userId: producer.id,
        provider: 'local',
        status: 'active',
        checkoutSessionId: 'cs_analytics_1',
        currentPeriodStart: new Date(now - 345 * DAY_MS),
        currentPeriodEnd: new Date(now + 20 * DAY_MS),
      })
      .returning();
    await t.db.insert(membershipSubscriptions).values({
      userId: free.id,
      provider: 'local',
      status: 'active',
      autoRenew: false,
      checkoutSessionId: 'cs_analytics_2',
      currentPeriodEnd: new Date(now + 10 * DAY_MS),
    });
    const payment = (n: number, refundedAt: Date | null = null) => ({
      subscriptionId: subscription.id,
      userId: producer.id,
      kind: 'initial',
      providerPaymentId: `pay_${n}`,
      netPence: 18_000,
      vatPence: 3_600,
      grossPence: 21_600,
      receiptNumber: `R-${n}`,
      paidAt: new Date(),
      refundedAt,
    });
    await t.db.insert(membershipPayments).values([payment(1), payment(2), payment(3, new Date())]);

    await t.db.insert(activityEvents).values([
      { userId: free.id, listingId: script.id, activityType: 'view' },
      { userId: producer.id, listingId: script.id, activityType: 'view' },
      { userId: producer.id, listingId: book.id, activityType: 'view' },
      { userId: producer.id, listingId: book.id, activityType: 'share' },
    ]);
    await t.db.insert(favourites).values([
      { userId: free.id, listingId: book.id },
      { userId: producer.id, listingId: book.id },
      { userId: producer.id, listingId: script.id },
    ]);
    await t.db.insert(searchEvents).values([
      { userId: free.id, searchQuery: 'Dragons', resultsCount: 0 },
      { userId: producer.id, searchQuery: ' dragons ', resultsCount: 0 },
      { userId: producer.id, searchQuery: '=HYPERLINK("x")', resultsCount: 0 },
      { userId: producer.id, searchQuery: 'dragons', resultsCount: 4 },
      { userId: producer.id, searchQuery: '', resultsCount: 0 },
    ]);

    const body = await analytics();
    expect(body.users.byRole).toEqual([
      { role: 'admin', count: 1 },
      { role: 'agent', count: 4 },
      { role: 'producer', count: 2 },
    ]);
    expect(body.users.total).toBe(7);
    expect(body.users.premiumProducers).toBe(1);
    expect(body.users.signups.reduce((sum, row) => sum + row.count, 0)).toBe(7);

    expect(body.verification).toMatchObject({ pending: 3, oldestAgeDays: 20, medianAgeDays: 4 });
    expect(body.verification.ageBands.map((band) => band.count)).toEqual([0, 1, 1, 0, 1]);

    expect(body.listings.total).toBe(3);
    expect(body.listings.byMedium).toEqual([
      { medium: 'book', count: 2 },
      { medium: 'script', count: 1 },
    ]);
    expect(body.listings.byStatus).toEqual([
      { status: 'available', count: 2 },
      { status: 'draft', count: 1 },
    ]);

    expect(Object.fromEntries(body.offers.funnel.map((row) => [row.stage, row.count]))).toEqual({
      created: 9,
      authorised: 6,
      awaiting: 2,
      accepted: 1,
      rejected: 1,
      expired: 1,
      cancelled: 1,
    });

    expect(body.money).toMatchObject({
      holdsOutstanding: '35000.00',
      holdsOutstandingCount: 2,
      captured: '50000.00',
      capturedCount: 1,
      membership: {
        payments: 2,
        net: '360.00',
        vat: '72.00',
        gross: '432.00',
        refunded: '216.00',
        refundedCount: 1,
      },
      renewalsDue: { count: 1, endingCount: 1, windowDays: 30 },
    });
    expect(body.money.membershipByPeriod.at(-1)).toMatchObject({ gross: '432.00' });

    expect(body.mostViewed.map((row) => [row.title, row.count])).toEqual([
      ['Night Desk', 2],
      ['Salt Roads', 1],
    ]);
    expect(body.mostFavourited.map((row) => [row.title, row.count])).toEqual([
      ['Salt Roads', 2],
      ['Night Desk', 1],
    ]);
    expect(body.zeroResultSearches.map((row) => [row.query, row.count])).toEqual([
      ['dragons', 2],
      ['=hyperlink("x")', 1],
    ]);

    const weekly = await analytics('?interval=week');
    expect(weekly.interval).toBe('week');
    expect(weekly.users.signups).toHaveLength(12);
    expect(weekly.users.signups.reduce((sum, row) => sum + row.count, 0)).toBe(7);
  });

  it('is for administrators only', async () => {
    const url = '/api/admin/analytics';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, cookie: producerCookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, cookie: agentCookie })).statusCode).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: `${url}?interval=year`,
      cookie: adminCookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('[ADMIN] analytics helpers', () => {
  it('lists month and week starts, the current one last', () => {
    const now = new Date('2025-03-05T12:00:00Z'); // a Wednesday
    expect(periodStarts('month', now, 3)).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(periodStarts('week', now, 2)).toEqual(['2025-02-24', '2025-03-03']);
    expect(periodStarts('month', new Date('2025-01-31T23:00:00Z'), 2)).toEqual([
      '2024-12-01',
      '2025-01-01',
    ]);
  });

  it('takes the median', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it('escapes CSV cells a spreadsheet would run as formulas', () => {
    expect(escapeCsvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(escapeCsvCell('+44 20')).toBe("'+44 20");
    expect(escapeCsvCell('-2')).toBe("'-2");
    expect(escapeCsvCell('@cmd')).toBe("'@cmd");
    expect(escapeCsvCell('\tx')).toBe("'\tx");
    expect(escapeCsvCell('\rx')).toBe('"\'\rx"');
    expect(escapeCsvCell(-2)).toBe('-2');
    expect(escapeCsvCell('a, "b"')).toBe('"a, ""b"""');
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell('plain')).toBe('plain');
    expect(
      toCsv(
        ['query', 'count'],
        [
          ['dragons', 2],
          ['=1+1', 1],
        ],
      ),
    ).toBe("query,count\r\ndragons,2\r\n'=1+1,1\r\n");
  });
});
