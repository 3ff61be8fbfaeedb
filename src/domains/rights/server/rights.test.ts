import { and, eq } from 'drizzle-orm';
import type { Right } from '@/domains/listings/listings.constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOfTitleDocuments } from '@/domains/chain-of-title/server/chain-of-title.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { notifications } from '@/domains/notifications/server/notifications.tables';
import { offers, offerTerms } from '@/domains/offers/server/offers.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ListingAvails } from '../rights.schema';
import { extendGrant } from './change-grant';
import { grantRights } from './grant-rights';
import { fileMissingReversionRecords, lapseDueGrants } from './lapse-due-grants';
import { rightsGrantCells, rightsGrants } from './rights.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const people = async () => {
  const agent = await createUser(t.db, { role: 'agent', firstName: 'Ada', lastName: 'Agent' });
  const producerA = await createUser(t.db, {
    firstName: 'Priya',
    lastName: 'Producer',
    companyName: 'Reel Co',
  });
  const producerB = await createUser(t.db, { firstName: 'Ben', lastName: 'Bidder' });
  return { agent, producerA, producerB };
};

const grant = (
  listingId: number,
  producerId: number,
  cells: { media: Right; territory: string }[],
  endsAt: Date,
  offerId: number,
) =>
  t.db.transaction(async (tx) => {
    const after = await grantRights(tx, {
      listingId,
      offerId,
      producerId,
      cells,
      startsAt: new Date(endsAt.getTime() - 365 * DAY_MS),
      endsAt,
    });
    after();
  });

const openOffer = async (
  listingId: number,
  producerId: number,
  status: 'pending' | 'awaiting_payment' | 'countered',
  part?: { media: ('film' | 'tv' | 'stage')[]; territories: string[] },
) => {
  const [offer] = await t.db
    .insert(offers)
    .values({
      listingId,
      producerId,
      offerPricePence: 500_000,
      optionPeriod: 12,
      paymentProvider: 'local',
      status,
    })
    .returning();
  if (part) {
    await t.db.insert(offerTerms).values({
      offerId: offer.id,
      version: 1,
      proposedBy: 'producer',
      kind: 'offer',
      offerPricePence: 500_000,
      optionPeriod: 12,
      media: part.media,
      territories: part.territories,
    });
  }
  return offer;
};

const avails = async (listingId: number | string, cookie?: string) =>
  t.request({ method: 'GET', url: `/api/listings/${listingId}/avails`, cookie });

const cellOf = (body: ListingAvails, media: string, territory: string) =>
  body.cells.find((cell) => cell.media === media && cell.territory === territory);

describe("[RIGHTS] a listing's avails grid", () => {
  it('shows each medium × territory once, taken, under offer or available, and who holds it only to its agent and admins', async () => {
    const { agent, producerA, producerB } = await people();
    const otherAgent = await createUser(t.db, { role: 'agent' });
    const admin = await createUser(t.db, { role: 'admin' });
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['film', 'tv', 'stage'],
      territory: ['UK', 'Ireland', 'uk'],
    });
    const endsAt = new Date(Date.now() + 200 * DAY_MS);
    await grant(listing.id, producerA.id, [{ media: 'film', territory: 'UK' }], endsAt, 9001);
    await openOffer(listing.id, producerB.id, 'pending', {
      media: ['tv'],
      territories: ['Ireland'],
    });
    // Not yet authorised: the agent has not seen it, so it marks nothing.
    await openOffer(listing.id, (await createUser(t.db)).id, 'awaiting_payment', {
      media: ['stage'],
      territories: ['UK'],
    });

    const asProducer = await avails(listing.id, await signIn(t, producerB.id));
    expect(asProducer.statusCode).toBe(200);
    const body = asProducer.json<ListingAvails>();
    expect(body).toMatchObject({
      listingId: listing.id,
      status: 'available',
      media: ['film', 'tv', 'stage'],
      territories: ['UK', 'Ireland'],
    });
    expect(body.cells).toHaveLength(6);
    expect(cellOf(body, 'film', 'UK')).toEqual({
      media: 'film',
      territory: 'UK',
      state: 'optioned',
      until: endsAt.toISOString(),
      holder: null,
    });
    expect(cellOf(body, 'tv', 'Ireland')?.state).toBe('under_offer');
    expect(cellOf(body, 'stage', 'UK')?.state).toBe('available');
    expect(cellOf(body, 'film', 'Ireland')?.state).toBe('available');
    expect(body.cells.every((cell) => cell.holder === null)).toBe(true);

    for (const viewer of [agent, admin]) {
      const seen = (await avails(listing.id, await signIn(t, viewer.id))).json<ListingAvails>();
      expect(cellOf(seen, 'film', 'UK')?.holder).toEqual({
        offerId: 9001,
        producerName: 'Priya Producer (Reel Co)',
      });
      expect(cellOf(seen, 'tv', 'UK')?.holder).toBeNull();
    }
    const asOtherAgent = await avails(listing.id, await signIn(t, otherAgent.id));
    expect(cellOf(asOtherAgent.json<ListingAvails>(), 'film', 'UK')?.holder).toBeNull();
  });

  it('an open offer with no stored version covers the whole listing', async () => {
    const { agent, producerA } = await people();
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
    });
    await openOffer(listing.id, producerA.id, 'countered');
    const body = (await avails(listing.id, await signIn(t, agent.id))).json<ListingAvails>();
    expect(body.cells.map((cell) => cell.state)).toEqual(['under_offer', 'under_offer']);
  });

  it('an option recorded before grants existed reads optioned (or sold) with no end', async () => {
    const { agent, producerA } = await people();
    const cookie = await signIn(t, producerA.id);
    const optioned = await insertListing(t.db, {
      agentId: agent.id,
      status: 'optioned',
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
    });
    const sold = await insertListing(t.db, {
      agentId: agent.id,
      status: 'sold',
      rightsAvailable: ['film'],
      territory: ['UK'],
    });
    const partly = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
      rightsTaken: ['tv|uk'],
    });
    const states = async (id: number) =>
      (await avails(id, cookie)).json<ListingAvails>().cells.map((c) => [c.state, c.until]);
    expect(await states(optioned.id)).toEqual([
      ['optioned', null],
      ['optioned', null],
    ]);
    expect(await states(sold.id)).toEqual([['sold', null]]);
    expect(await states(partly.id)).toEqual([
      ['available', null],
      ['optioned', null],
    ]);
  });

  it('is for people signed in who may see the listing', async () => {
    const { agent, producerA } = await people();
    const draft = await insertListing(t.db, { agentId: agent.id, status: 'draft' });
    expect((await avails(draft.id)).statusCode).toBe(401);
    const hidden = await avails(draft.id, await signIn(t, producerA.id));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'Listing not found', code: 'NOT_FOUND' });
    expect((await avails(draft.id, await signIn(t, agent.id))).statusCode).toBe(200);
    expect((await avails('nope', await signIn(t, agent.id))).statusCode).toBe(404);
    expect((await avails(2_000_000_000, await signIn(t, agent.id))).statusCode).toBe(404);
  });
});

describe("[RIGHTS] the agent's grids", () => {
  it("lists the agent's own listings, those with deals or open offers first, with holders", async () => {
    const { agent, producerA, producerB } = await people();
    const dealt = await insertListing(t.db, {
      agentId: agent.id,
      title: 'The Dealt One',
      rightsAvailable: ['film', 'tv'],
      territory: ['UK'],
      createdAt: new Date(Date.now() - 10 * DAY_MS),
    });
    const offered = await insertListing(t.db, {
      agentId: agent.id,
      createdAt: new Date(Date.now() - 5 * DAY_MS),
    });
    const quiet = await insertListing(t.db, { agentId: agent.id, title: 'Newest and quiet' });
    await insertListing(t.db, { agentId: (await createUser(t.db, { role: 'agent' })).id });
    await grant(
      dealt.id,
      producerA.id,
      [{ media: 'film', territory: 'UK' }],
      new Date(Date.now() + 100 * DAY_MS),
      9002,
    );
    await openOffer(offered.id, producerB.id, 'pending');

    const cookie = await signIn(t, agent.id);
    const response = await t.request({ method: 'GET', url: '/api/agent/avails', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      listings: (ListingAvails & { title: string })[];
      total: number;
    }>();
    expect(body.total).toBe(3);
    expect(body.listings.map((listing) => listing.listingId)).toEqual([
      offered.id,
      dealt.id,
      quiet.id,
    ]);
    expect(body.listings[1]).toMatchObject({ title: 'The Dealt One' });
    expect(cellOf(body.listings[1], 'film', 'UK')?.holder).toEqual({
      offerId: 9002,
      producerName: 'Priya Producer (Reel Co)',
    });

    const paged = await t.request({
      method: 'GET',
      url: '/api/agent/avails?limit=1&offset=2',
      cookie,
    });
    expect(paged.json().listings.map((l: ListingAvails) => l.listingId)).toEqual([quiet.id]);
    const bad = await t.request({ method: 'GET', url: '/api/agent/avails?limit=0', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('limit must be a whole number from 1 to 500');
  });

  it('is for agents only', async () => {
    const { producerA } = await people();
    const admin = await createUser(t.db, { role: 'admin' });
    const get = (cookie?: string) => t.request({ method: 'GET', url: '/api/agent/avails', cookie });
    expect((await get()).statusCode).toBe(401);
    expect((await get(await signIn(t, producerA.id))).statusCode).toBe(403);
    expect((await get(await signIn(t, admin.id))).statusCode).toBe(403);
  });
});

describe('[RIGHTS] reversion', () => {
  it('an option past its end lapses once however many run it: its cells are free, both parties are told, the chain of title records it', async () => {
    const { agent, producerA } = await people();
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      // Beyond what the PDF's standard fonts can write: the notice must still be filed.
      title: 'The Lapsing Tide of 東京',
      rightsAvailable: ['film'],
      territory: ['UK'],
    });
    const endsAt = new Date(Date.now() + 30 * DAY_MS);
    await grant(listing.id, producerA.id, [{ media: 'film', territory: 'UK' }], endsAt, 9003);
    const [before] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(before).toMatchObject({ status: 'optioned', rightsTaken: ['film|uk'] });

    // Not due yet.
    expect(await lapseDueGrants(t.app, new Date())).toEqual([]);

    const later = new Date(endsAt.getTime() + 60_000);
    const runs = await Promise.all([lapseDueGrants(t.app, later), lapseDueGrants(t.app, later)]);
    const [row] = await t.db
      .select()
      .from(rightsGrants)
      .where(eq(rightsGrants.listingId, listing.id));
    expect(runs.flat()).toEqual([row.id]);
    expect(row.status).toBe('lapsed');
    const cells = await t.db
      .select()
      .from(rightsGrantCells)
      .where(eq(rightsGrantCells.grantId, row.id));
    expect(cells.map((cell) => cell.live)).toEqual([false]);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after).toMatchObject({ status: 'available', rightsTaken: [] });

    const sentence =
      'on The Lapsing Tide of 東京 (Film in UK) has ended; the rights are available again';
    const bells = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'rights_reverted'));
    const bellsOf = (id: number) => bells.filter((bell) => bell.userId === id);
    expect(bellsOf(producerA.id).map((bell) => bell.title)).toEqual([`Your option ${sentence}`]);
    expect(bellsOf(agent.id).map((bell) => bell.title)).toEqual([
      `The option held by Priya Producer (Reel Co) ${sentence}`,
    ]);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.filter((mail) => mail.to === producerA.email).map((m) => m.text)).toEqual([
      expect.stringContaining(`Your option ${sentence}`),
    ]);
    expect(mails.filter((mail) => mail.to === agent.email)).toHaveLength(1);

    const records = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.listingId, listing.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      documentType: 'option_lapse',
      title: 'Option lapsed: The Lapsing Tide of 東京',
      sourceKey: `rights-lapse:${row.id}`,
      uploadedBy: null,
    });
    const pdf = await t.app.storage.get(records[0].storageKey);
    expect(pdf).toBeTruthy();

    // The grid shows the cell free again.
    const grid = await avails(listing.id, await signIn(t, producerA.id));
    expect(grid.json<ListingAvails>().cells).toEqual([
      { media: 'film', territory: 'UK', state: 'available', until: null, holder: null },
    ]);

    // A record lost between the commit and the filing is filed by the next run, once.
    await t.db
      .delete(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.sourceKey, `rights-lapse:${row.id}`));
    expect(await fileMissingReversionRecords(t.app, later)).toBeGreaterThanOrEqual(1);
    expect(await fileMissingReversionRecords(t.app, later)).toBe(0);
    const refiled = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(
        and(
          eq(chainOfTitleDocuments.listingId, listing.id),
          eq(chainOfTitleDocuments.documentType, 'option_lapse'),
        ),
      );
    expect(refiled).toHaveLength(1);
  });

  it('runs every minute through the job queue as rights:reversion', async () => {
    const { agent, producerA } = await people();
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['stage'],
      territory: ['UK'],
    });
    await grant(
      listing.id,
      producerA.id,
      [{ media: 'stage', territory: 'UK' }],
      new Date(Date.now() - 1000),
      9004,
    );
    await t.app.jobs.runNow('rights:reversion');
    const [row] = await t.db
      .select()
      .from(rightsGrants)
      .where(eq(rightsGrants.listingId, listing.id));
    expect(row.status).toBe('lapsed');
    const [after] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after.status).toBe('available');
  });

  it('an option extended before its end lapses at the new end, not the old one', async () => {
    const { agent, producerA } = await people();
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['radio'],
      territory: ['UK'],
    });
    const endsAt = new Date(Date.now() + 10 * DAY_MS);
    await grant(listing.id, producerA.id, [{ media: 'radio', territory: 'UK' }], endsAt, 9005);
    const [row] = await t.db
      .select()
      .from(rightsGrants)
      .where(eq(rightsGrants.listingId, listing.id));
    const extendedTo = new Date(endsAt.getTime() + 90 * DAY_MS);
    expect(await extendGrant(t.db, row.id, extendedTo)).toMatchObject({ endsAt: extendedTo });

    expect(await lapseDueGrants(t.app, new Date(endsAt.getTime() + DAY_MS))).not.toContain(row.id);
    expect(await lapseDueGrants(t.app, new Date(extendedTo.getTime() + 1000))).toContain(row.id);
  });
});
