import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { notifications } from '@/domains/notifications/server/notifications.tables';
import { grantRights } from '@/domains/rights/server';
import { rightsGrantCells } from '@/domains/rights/server/rights.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { AppError } from '@/shared/errors';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { OFFER_MESSAGES, type CreateOfferResponse, type Offer } from '../offers.schema';
import { completeAcceptance } from './complete-acceptance';
import { offerTerms, offers } from './offers.tables';

/**
 * Issue 29, the deals side: an offer names the part of the listing's rights it covers; an
 * acceptance takes exactly those cells; offers on other parts stay open.
 */
let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
const producers: UserRow[] = [];

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '30000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  for (let i = 0; i < 5; i += 1) {
    producers.push(await createUser(t.db, { role: 'producer', firstName: `P${i}` }));
  }
  await kit.signIn(agent, ...producers);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const gridListing = (title = 'Northern Lights') =>
  insertListing(t.db, {
    agentId: agent.id,
    title,
    rightsAvailable: ['film', 'tv', 'stage'],
    territory: ['UK', 'Ireland'],
    exclusivity: 'exclusive',
  });

const offerOn = (user: UserRow, listingId: number, part: Record<string, unknown> = {}) =>
  kit.pendingOffer(user, listingId, part);

const submit = async (user: UserRow, listingId: number, part: Record<string, unknown> = {}) =>
  kit.submit(user, await kit.offerBody(user, listingId, part));

const accept = (offerId: number) => kit.decide(agent, offerId, 'accept');

async function rowOf(offerId: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

async function listingOf(listingId: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, listingId));
  return row;
}

const subjectsTo = async (user: UserRow) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).map(
    (mail) => mail.subject,
  );

describe('[DEALS] an offer names its part of the rights', () => {
  it('stores version 1 with the part, territories in the listing’s spelling', async () => {
    const listing = await gridListing();
    const created = await submit(producers[0], listing.id, {
      media: ['film', 'film'],
      territories: ['uk', 'UK'],
    });
    expect(created.statusCode).toBe(201);
    const { offer } = created.json<CreateOfferResponse>();
    expect(offer.terms).toMatchObject({ version: 1, media: ['film'], territories: ['UK'] });
    const stored = await t.db.select().from(offerTerms).where(eq(offerTerms.offerId, offer.id));
    expect(stored).toMatchObject([
      { version: 1, kind: 'offer', media: ['film'], territories: ['UK'] },
    ]);
  });

  it('without a part, covers the whole listing (the spec’s form sends none)', async () => {
    const listing = await gridListing();
    const offer = await offerOn(producers[0], listing.id);
    expect(offer.terms).toMatchObject({
      media: ['film', 'tv', 'stage'],
      territories: ['UK', 'Ireland'],
      exclusivity: 'exclusive',
    });
  });

  it('refuses a part beyond the listing with 400 naming the term', async () => {
    const listing = await gridListing();
    const media = await submit(producers[0], listing.id, { media: ['radio'] });
    expect(media.statusCode).toBe(400);
    expect(media.json().message).toMatch(/^Media: this listing does not offer Radio rights/);
    const territory = await submit(producers[0], listing.id, { territories: ['France'] });
    expect(territory.statusCode).toBe(400);
    expect(territory.json().fields).toHaveProperty('territories');
    const empty = await submit(producers[0], listing.id, { territories: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Choose at least one territory/);
  });
});

describe('[DEALS] acceptance takes exactly the agreed cells', () => {
  it('disjoint parts both win; overlapping offers close naming the part; others stay open and unaware', async () => {
    const listing = await gridListing('Salt Roads');
    const filmUk = await offerOn(producers[0], listing.id, {
      media: ['film'],
      territories: ['UK'],
    });
    const filmAll = await offerOn(producers[1], listing.id, { media: ['film'] });
    const stage = await offerOn(producers[2], listing.id, { media: ['stage'] });
    const tv = await offerOn(producers[3], listing.id, { media: ['tv'] });

    expect((await accept(filmUk.id)).statusCode).toBe(200);
    expect(await listingOf(listing.id)).toMatchObject({
      status: 'available',
      rightsTaken: ['film|uk'],
    });
    expect(await rowOf(filmAll.id)).toMatchObject({
      status: 'rejected',
      rejectionReason:
        'The rights this offer covers (Film in UK) were optioned to another producer',
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, producers[1].email),
          eq(mailOutbox.subject, 'Your offer on Salt Roads was not accepted'),
        ),
      );
    expect(mail.text).toContain('The rights your offer covered (Film in UK)');
    const bells = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, producers[1].id));
    expect(bells.map((bell) => bell.title)).toContain(
      'Your offer on "Salt Roads" closed: its rights (Film in UK) were optioned to another producer; the hold is released',
    );
    // Offers on other parts stay open, and their producers hear nothing.
    expect((await rowOf(stage.id)).status).toBe('pending');
    expect((await rowOf(tv.id)).status).toBe('pending');
    expect(await subjectsTo(producers[2])).not.toContain(
      'Your offer on Salt Roads was not accepted',
    );

    // A second part, disjoint from the first: accepted too.
    expect((await accept(tv.id)).statusCode).toBe(200);
    expect((await listingOf(listing.id)).rightsTaken).toEqual(['film|uk', 'tv|ireland', 'tv|uk']);

    // A new offer on a taken cell: 409 naming it; without a part: asked to choose.
    const taken = await submit(producers[4], listing.id, {
      media: ['film', 'stage'],
      territories: ['UK'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'These rights are already optioned: Film in UK.',
      details: { takenCells: [{ media: 'film', territory: 'UK' }] },
    });
    const whole = await submit(producers[4], listing.id);
    expect(whole.statusCode).toBe(400);
    expect(whole.json().message).toContain(OFFER_MESSAGES.choosePart);
    expect(whole.json().message).toContain('Still available: Film in Ireland, Stage in UK');
    const free = await submit(producers[4], listing.id, {
      media: ['film'],
      territories: ['Ireland'],
    });
    expect(free.statusCode).toBe(201);

    // The agent counters the stage offer onto a taken cell: 409 naming it, nothing stored.
    const counter = await t.request({
      method: 'POST',
      url: `/api/offers/${stage.id}/counter`,
      cookie: kit.cookie(agent),
      payload: {
        offerPrice: '30000',
        optionPeriod: 12,
        media: ['tv', 'stage'],
        territories: ['UK'],
      },
    });
    expect(counter.statusCode).toBe(409);
    expect(counter.json().message).toBe('These rights are already optioned: TV in UK.');
    expect((await rowOf(stage.id)).termsVersion).toBe(1);
  }, 60_000);

  it('a second acceptance on a fully optioned listing names the cells', async () => {
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['film'],
      territory: ['UK'],
    });
    const first = await offerOn(producers[0], listing.id);
    const second = await offerOn(producers[1], listing.id);
    // The second offer's part is taken while it is being accepted, as if the first were mid-way.
    await t.db.update(offers).set({ status: 'accepting' }).where(eq(offers.id, first.id));
    const refused = await accept(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('These rights are already optioned: Film in UK.');
    expect((await rowOf(second.id)).status).toBe('pending');
  });

  it('the unique index is the backstop: an overlap found at the grant is a 409, never a 500', async () => {
    const listing = await gridListing();
    const offer = await offerOn(producers[0], listing.id, { media: ['film'], territories: ['UK'] });
    // Another deal took the cell behind the claim's back (what the lock should make impossible).
    await t.db.update(offers).set({ status: 'accepting' }).where(eq(offers.id, offer.id));
    await grantRights(t.db, {
      listingId: listing.id,
      offerId: 1_000_000 + offer.id,
      producerId: null,
      cells: [{ media: 'film', territory: 'UK' }],
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
    });
    const refused = await completeAcceptance(t.app, offer.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 409,
      message: 'These rights are already optioned: Film in UK.',
    });
    // Nothing was recorded: the offer is still being accepted, one live cell on the square.
    expect((await rowOf(offer.id)).status).toBe('accepting');
    const cells = await t.db
      .select()
      .from(rightsGrantCells)
      .where(eq(rightsGrantCells.listingId, listing.id));
    expect(cells).toHaveLength(1);
  });

  it('renewing an expired offer whose part was optioned meanwhile is refused naming it', async () => {
    const listing = await gridListing();
    const expired = await offerOn(producers[0], listing.id, { media: ['film'] });
    const winner = await offerOn(producers[1], listing.id, {
      media: ['film'],
      territories: ['UK'],
    });
    await t.db.update(offers).set({ status: 'expired' }).where(eq(offers.id, expired.id));
    expect((await accept(winner.id)).statusCode).toBe(200);
    const renewed = await t.request({
      method: 'POST',
      url: `/api/offers/${expired.id}/renew`,
      cookie: kit.cookie(producers[0]),
    });
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json<Offer & { message: string }>().message).toBe(
      'These rights are already optioned: Film in UK.',
    );
  });
});
