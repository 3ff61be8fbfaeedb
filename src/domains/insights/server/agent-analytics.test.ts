import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { penceToPounds } from '@/shared/money';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { mailOutbox } from '@/server/mail/mail.tables';
import { AGENT_VISIBLE_ROW_STATUSES } from '@/domains/offers/offers.constants';
import type { AgentListingsResponse, Offer } from '@/domains/offers/offers.schema';
import { OFFER_MESSAGES } from '@/domains/offers/offers.schema';
import type { AgentAnalyticsResponse, ListingViewersResponse } from '../insights.schema';
import { lastUkMonths } from './analytics-months';
import { conversionRate } from './find-agent-analytics';
import { offers } from '@/domains/offers/server/offers.tables';

describe('[AGENTS] analytics: figures from the offers, views and favourites in the database', () => {
  let t: TestApp;
  let kit: OfferKit;
  let agent: UserRow;
  let otherAgent: UserRow;
  let namedProducer: UserRow;
  let privateProducer: UserRow;
  let thirdProducer: UserRow;
  let admin: UserRow;
  let first: ListingRow;
  let second: ListingRow;
  let othersListing: ListingRow;

  const get = (user: UserRow | undefined, url: string) =>
    t.request({ method: 'GET', url, cookie: kit.cookie(user) });
  const open = (user: UserRow, listing: ListingRow) => get(user, `/api/listings/${listing.id}`);

  beforeAll(async () => {
    t = await createTestApp();
    kit = offerKit(t);
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    otherAgent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    namedProducer = await createUser(t.db, {
      role: 'producer',
      membershipTier: 'premium',
      firstName: 'Nadia',
      lastName: 'Okafor',
      companyName: 'Harbour Lights Films',
    });
    privateProducer = await createUser(t.db, {
      role: 'producer',
      membershipTier: 'premium',
      firstName: 'Quentin',
      lastName: 'Hollowell',
      companyName: 'Secretive Pictures',
    });
    thirdProducer = await createUser(t.db, { role: 'producer', membershipTier: 'premium' });
    admin = await createUser(t.db, { role: 'admin' });
    await kit.signIn(agent, otherAgent, namedProducer, privateProducer, thirdProducer, admin);
    first = await insertListing(t.db, { agentId: agent.id, title: 'The Salt Road' });
    second = await insertListing(t.db, {
      agentId: agent.id,
      title: 'Winter Orchard',
      medium: 'script',
    });
    othersListing = await insertListing(t.db, { agentId: otherAgent.id });
  }, 120_000);
  afterAll(() => t?.close());

  it('a producer chooses in their account settings whether agents may see their name', async () => {
    const before = await get(namedProducer, '/api/auth/user');
    expect(before.json()).toMatchObject({ showNameToAgents: false });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      cookie: kit.cookie(namedProducer),
      payload: {
        firstName: namedProducer.firstName,
        lastName: namedProducer.lastName,
        email: namedProducer.email,
        username: namedProducer.username ?? `nadia${namedProducer.id}`,
        companyName: 'Harbour Lights Films',
        showNameToAgents: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(namedProducer, '/api/auth/user')).json()).toMatchObject({
      showNameToAgents: true,
    });
  });

  it('activity: views, favourites and offers, accepted and rejected with a reason', async () => {
    for (const viewer of [namedProducer, privateProducer, thirdProducer, agent]) {
      expect((await open(viewer, first)).statusCode).toBe(200);
    }
    expect((await open(privateProducer, second)).statusCode).toBe(200);
    // Opening again in the same month is the same view.
    expect((await open(privateProducer, first)).statusCode).toBe(200);
    await t.db.insert(favourites).values([
      { userId: namedProducer.id, listingId: first.id },
      { userId: thirdProducer.id, listingId: first.id },
      { userId: agent.id, listingId: first.id },
    ]);

    const accepted = await kit.pendingOffer(namedProducer, first.id, { offerPrice: '25000' });
    const released = await kit.pendingOffer(privateProducer, first.id, { offerPrice: '30000' });
    const refused = await kit.pendingOffer(thirdProducer, second.id, { offerPrice: '12000' });
    // An offer still awaiting payment has not reached the agent: not counted.
    await kit.submit(thirdProducer, await kit.offerBody(thirdProducer, first.id));

    const tooLong = await t.request({
      method: 'PATCH',
      url: `/api/offers/${refused.id}/reject`,
      cookie: kit.cookie(agent),
      payload: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.reason).toBe(OFFER_MESSAGES.cancellationReasonMaximum);

    const rejected = await t.request({
      method: 'PATCH',
      url: `/api/offers/${refused.id}/reject`,
      cookie: kit.cookie(agent),
      payload: { reason: 'The film rights are already under discussion elsewhere.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Offer>()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The film rights are already under discussion elsewhere.',
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, thirdProducer.email));
    expect(mails.some((mail) => mail.text.includes('already under discussion elsewhere'))).toBe(
      true,
    );

    expect((await kit.decide(agent, accepted.id, 'accept')).statusCode).toBe(200);
    const [other] = await t.db
      .select({ status: offers.status })
      .from(offers)
      .where(eq(offers.id, released.id));
    expect(other.status).toBe('rejected');
  });

  it('the analytics figures equal the offers, views and favourites in the database', async () => {
    const answer = await get(agent, `/api/analytics/agent/${agent.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<AgentAnalyticsResponse>();

    // The truth, read straight from the tables.
    const rows = await t.db
      .select({
        listingId: offers.listingId,
        status: offers.status,
        pence: offers.offerPricePence,
      })
      .from(offers)
      .where(
        and(
          inArray(offers.listingId, [first.id, second.id]),
          inArray(offers.status, [...AGENT_VISIBLE_ROW_STATUSES]),
          isNotNull(offers.submittedAt),
        ),
      );
    const acceptedRows = rows.filter((row) => row.status === 'accepted');
    const revenue = acceptedRows.reduce((sum, row) => sum + row.pence, 0);
    expect(rows).toHaveLength(3);
    // The offer closed while still awaiting payment never reached the agent.
    const submissions = (await get(agent, `/api/offers/agent/${agent.id}`)).json<Offer[]>();
    expect(submissions).toHaveLength(3);
    expect(body.overview).toEqual({
      totalListings: 2,
      totalOffers: rows.length,
      totalRevenue: penceToPounds(revenue),
      conversionRate: conversionRate(acceptedRows.length, rows.length),
      // first: three producers (the agent's own view left out); second: one.
      totalViews: 4,
      uniqueViewers: 3,
      totalFavourites: 2,
    });
    expect(body.overview.totalRevenue).toBe('25000.00');
    expect(body.overview.conversionRate).toBe(33.3);

    const byId = new Map(body.listingPerformance.map((row) => [row.id, row]));
    expect(byId.get(first.id)).toMatchObject({
      title: 'The Salt Road',
      totalOffers: 2,
      acceptedOffers: 1,
      totalRevenue: '25000.00',
      avgOfferPrice: '27500.00',
      conversionRate: 50,
      views: 3,
      uniqueViewers: 3,
      favourites: 2,
    });
    expect(byId.get(second.id)).toMatchObject({
      medium: 'script',
      totalOffers: 1,
      acceptedOffers: 0,
      totalRevenue: '0.00',
      avgOfferPrice: '12000.00',
      conversionRate: 0,
      views: 1,
      favourites: 0,
    });

    // Twelve UK months, this one last, holding this month's activity.
    expect(body.months.map((month) => month.month)).toEqual(lastUkMonths(new Date(), 12));
    expect(body.months.at(-1)).toMatchObject({
      offers: 3,
      accepted: 1,
      revenue: '25000.00',
      viewers: 3,
      favourites: 2,
    });
    expect(body.months.slice(0, -1).every((month) => month.offers === 0)).toBe(true);
    expect(body.funnel).toEqual({ viewers: 3, favourites: 2, offers: 3, accepted: 1 });

    // The admin reads the same figures.
    const asAdmin = await get(admin, `/api/analytics/agent/${agent.id}`);
    expect(asAdmin.json()).toEqual(body);
  });

  it('an agent without listings gets zeros and no rates, not 0%', async () => {
    const lonely = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await kit.signIn(lonely);
    const body = (
      await get(lonely, `/api/analytics/agent/${lonely.id}`)
    ).json<AgentAnalyticsResponse>();
    expect(body.overview).toMatchObject({ totalListings: 0, totalOffers: 0, conversionRate: null });
    expect(body.months).toHaveLength(12);
  });

  it('My IP Assets counts views and favourites per listing, without the agent’s own', async () => {
    const body = (
      await get(agent, `/api/listings/agent/${agent.id}`)
    ).json<AgentListingsResponse>();
    const row = body.find((listing) => listing.id === first.id);
    expect(row).toMatchObject({ views: 3, favourites: 2 });
  });

  it('who viewed: counts for everyone, names only of producers who opted in', async () => {
    const answer = await get(
      agent,
      `/api/analytics/agent/${agent.id}/listings/${first.id}/viewers`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<ListingViewersResponse>();
    expect(body).toMatchObject({
      listingId: first.id,
      totalViews: 3,
      uniqueViewers: 3,
      anonymousViewers: 2,
    });
    expect(body.namedViewers).toEqual([
      expect.objectContaining({
        firstName: 'Nadia',
        lastName: 'Okafor',
        companyName: 'Harbour Lights Films',
        views: 1,
      }),
    ]);
    // Nothing about those who did not opt in leaves the server.
    for (const hidden of [privateProducer, thirdProducer]) {
      expect(answer.body).not.toContain(hidden.lastName);
      expect(answer.body).not.toContain(hidden.email);
    }
    expect(answer.body).not.toContain('Secretive Pictures');
  });

  it('turning the choice off hides the name again at once', async () => {
    await t.db.update(users).set({ showNameToAgents: false }).where(eq(users.id, namedProducer.id));
    const body = (
      await get(agent, `/api/analytics/agent/${agent.id}/listings/${first.id}/viewers`)
    ).json<ListingViewersResponse>();
    expect(body.namedViewers).toEqual([]);
    expect(body.anonymousViewers).toBe(3);
    await t.db.update(users).set({ showNameToAgents: true }).where(eq(users.id, namedProducer.id));
  });

  it('an agent opted in by mistake is never named: only producers are', async () => {
    await t.db.update(users).set({ showNameToAgents: true }).where(eq(users.id, otherAgent.id));
    expect((await open(otherAgent, first)).statusCode).toBe(200);
    const body = (
      await get(agent, `/api/analytics/agent/${agent.id}/listings/${first.id}/viewers`)
    ).json<ListingViewersResponse>();
    expect(body.namedViewers.map((viewer) => viewer.lastName)).toEqual(['Okafor']);
    await t.db.execute(
      sql`delete from listing_views where user_id = ${otherAgent.id} and listing_id = ${first.id}`,
    );
  });

  it('only the agent (or an admin) reads their analytics; another agent’s listing is not theirs', async () => {
    for (const [user, status] of [
      [undefined, 401],
      [namedProducer, 403],
      [otherAgent, 403],
    ] as const) {
      expect((await get(user, `/api/analytics/agent/${agent.id}`)).statusCode).toBe(status);
      expect(
        (await get(user, `/api/analytics/agent/${agent.id}/listings/${first.id}/viewers`))
          .statusCode,
      ).toBe(status);
    }
    const notTheirs = await get(
      agent,
      `/api/analytics/agent/${agent.id}/listings/${othersListing.id}/viewers`,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(
      (await get(agent, `/api/analytics/agent/${agent.id}/listings/abc/viewers`)).statusCode,
    ).toBe(404);
  });
});
