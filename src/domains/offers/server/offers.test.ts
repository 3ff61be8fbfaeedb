import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { TEST_CARDS } from '@/domains/payments/payments.constants';
import { localPaymentIntents, paymentLedger } from '@/domains/payments/server/payments.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { OFFER_MESSAGES, type CreateOfferResponse, type Offer } from '../offers.schema';
import { offers } from './offers.tables';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let otherAgent: UserRow;
let producer: UserRow;
let rival: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
  agent = await createUser(t.db, { role: 'agent', firstName: 'Ava' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer', firstName: 'Pat', companyName: 'Reel Co' });
  rival = await createUser(t.db, { role: 'producer', firstName: 'Rio' });
  admin = await createUser(t.db, { role: 'admin' });
  await kit.signIn(agent, otherAgent, producer, rival, admin);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const newListing = (overrides: Parameters<typeof insertListing>[1] = {}) =>
  insertListing(t.db, { agentId: agent.id, title: 'The Lighthouse Keeper', ...overrides });

const offerBody = (user: UserRow, listingId: number, overrides: Record<string, unknown> = {}) =>
  kit.offerBody(user, listingId, { extraRightsRequest: 'Podcast rights', ...overrides });

const submit = (
  user: UserRow,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => kit.submit(user, payload, headers);

const confirmCard = (user: UserRow, clientSecret: string, cardNumber?: string) =>
  kit.confirmCard(user, clientSecret, cardNumber);

/** Submits and pays: the offer is pending and the agent has it. */
const pendingOffer = (user: UserRow, listingId: number, price = '25000') =>
  kit.pendingOffer(user, listingId, { extraRightsRequest: 'Podcast rights', offerPrice: price });

async function holdOf(offerId: number) {
  const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
  const [intent] = await t.db
    .select()
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.id, offer.providerPaymentId ?? ''));
  return { offer, intent };
}

const mailsTo = (user: UserRow) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));

describe('[OFFERS] submitting an offer with a card hold', () => {
  it('creates it awaiting payment, and the 4242 card makes it pending for the agent', async () => {
    const listing = await newListing();
    const created = await submit(producer, await offerBody(producer, listing.id));
    expect(created.statusCode).toBe(201);
    const { offer, clientSecret } = created.json<CreateOfferResponse>();
    expect(offer).toMatchObject({
      listingId: listing.id,
      listingTitle: 'The Lighthouse Keeper',
      status: 'awaiting_payment',
      offerPrice: '25000.00',
      optionPeriod: 18,
      extraRightsRequest: 'Podcast rights',
      fundCompetition: false,
      fundNotes: null,
      submittedAt: null,
      producer: { id: producer.id, firstName: 'Pat', companyName: 'Reel Co' },
    });
    expect(clientSecret).toMatch(/_secret_/);

    // The agent does not see an unpaid offer.
    const before = await t.request({
      method: 'GET',
      url: `/api/offers/agent/${agent.id}`,
      cookie: kit.cookie(agent),
    });
    expect(before.json<Offer[]>().map((o) => o.id)).not.toContain(offer.id);

    const confirmed = await confirmCard(producer, clientSecret);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'requires_capture' });

    const read = await t.request({
      method: 'GET',
      url: `/api/offers/${offer.id}`,
      cookie: kit.cookie(producer),
    });
    const pending = read.json<Offer>();
    expect(pending.status).toBe('pending');
    expect(pending.submittedAt).not.toBeNull();
    const deadline = new Date(pending.responseDeadline ?? 0).getTime();
    const sixDays = 6 * 24 * 60 * 60 * 1000;
    expect(
      Math.abs(deadline - new Date(pending.submittedAt ?? 0).getTime() - sixDays),
    ).toBeLessThan(2000);

    const { intent } = await holdOf(offer.id);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amountPence: 2_500_000,
      currency: 'gbp',
    });
    expect(intent.metadata).toMatchObject({
      kind: 'offer',
      offerId: String(offer.id),
      listingId: String(listing.id),
      userId: String(producer.id),
    });

    const agentMail = (await mailsTo(agent)).find(
      (mail) => mail.subject === 'New offer on The Lighthouse Keeper',
    );
    expect(agentMail?.text).toContain('£25,000.00');

    const after = await t.request({
      method: 'GET',
      url: `/api/offers/agent/${agent.id}`,
      cookie: kit.cookie(agent),
    });
    expect(after.json<Offer[]>().find((o) => o.id === offer.id)?.status).toBe('pending');
  });

  it('shows the provider message for a declined card, keeps the offer awaiting payment and lets the producer retry', async () => {
    const listing = await newListing();
    const created = await submit(producer, await offerBody(producer, listing.id));
    const { offer, clientSecret } = created.json<CreateOfferResponse>();

    const declined = await confirmCard(producer, clientSecret, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    const broke = await confirmCard(producer, clientSecret, TEST_CARDS.insufficientFunds);
    expect(broke.json()).toMatchObject({ message: 'Your card has insufficient funds.' });

    const synced = await t.request({
      method: 'POST',
      url: `/api/offers/${offer.id}/sync`,
      cookie: kit.cookie(producer),
    });
    expect(synced.json<Offer>()).toMatchObject({
      status: 'awaiting_payment',
      lastPaymentError: 'Your card has insufficient funds.',
    });

    // Completing the payment later gives the same hold again.
    const resumed = await t.request({
      method: 'POST',
      url: `/api/offers/${offer.id}/payment`,
      cookie: kit.cookie(producer),
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<CreateOfferResponse>().clientSecret).toBe(clientSecret);

    expect((await confirmCard(producer, clientSecret)).statusCode).toBe(200);
    const { offer: row } = await holdOf(offer.id);
    expect(row.status).toBe('pending');
    expect(row.lastPaymentError).toBeNull();
  });

  it('validates with the spec messages', async () => {
    const listing = await newListing();
    const empty = await submit(producer, {
      listingId: listing.id,
      offerPrice: '',
      optionPeriod: '',
      deckFileUrl: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      offerPrice: OFFER_MESSAGES.offerPriceRequired,
      optionPeriod: OFFER_MESSAGES.optionPeriodRequired,
      deckFileUrl: OFFER_MESSAGES.deckRequired,
    });
    const low = await submit(
      producer,
      await offerBody(producer, listing.id, { offerPrice: '999' }),
    );
    expect(low.json().fields).toEqual({ offerPrice: 'Minimum offer amount is £1,000' });
    const period = await submit(
      producer,
      await offerBody(producer, listing.id, { optionPeriod: 6 }),
    );
    expect(period.json().fields).toEqual({ optionPeriod: OFFER_MESSAGES.optionPeriodInvalid });

    const tooMuch = await submit(
      producer,
      await offerBody(producer, listing.id, { offerPrice: '1000000' }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'Offers above £999,999.99 cannot be placed by card. Please contact the agent directly.',
    );
    const most = await submit(
      producer,
      await offerBody(producer, listing.id, { offerPrice: '999999.99' }),
    );
    expect(most.statusCode).toBe(201);
    expect(most.json<CreateOfferResponse>().offer.offerPrice).toBe('999999.99');
  });

  it('keeps fund notes only with fund competition', async () => {
    const first = await newListing();
    const withFund = await submit(
      producer,
      await offerBody(producer, first.id, { fundCompetition: true, fundNotes: 'BFI fund' }),
    );
    expect(withFund.json<CreateOfferResponse>().offer).toMatchObject({
      fundCompetition: true,
      fundNotes: 'BFI fund',
    });
    const second = await newListing();
    const without = await submit(
      producer,
      await offerBody(producer, second.id, { fundCompetition: false, fundNotes: 'ignored' }),
    );
    expect(without.json<CreateOfferResponse>().offer.fundNotes).toBeNull();
  });

  it('refuses who may not offer and where no offer may go (401, 403, 404, 409, 400)', async () => {
    const listing = await newListing();
    const body = await offerBody(producer, listing.id);

    const anonymous = await t.request({ method: 'POST', url: '/api/offers', payload: body });
    expect(anonymous.statusCode).toBe(401);
    const asAgent = await submit(agent, body);
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json().message).toBe('Only producers can submit offers.');
    expect((await submit(admin, body)).statusCode).toBe(403);

    expect((await submit(producer, { ...body, listingId: 999_999 })).statusCode).toBe(404);

    const optioned = await newListing({ status: 'optioned' });
    const unavailable = await submit(producer, { ...body, listingId: optioned.id });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe('This listing is no longer available for offers');

    // Someone else's deck cannot be attached.
    const stolen = await submit(rival, { ...body });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({ deckFileUrl: OFFER_MESSAGES.deckRequired });

    expect((await submit(producer, body)).statusCode).toBe(201);
    const second = await submit(producer, await offerBody(producer, listing.id));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(OFFER_MESSAGES.alreadyOpen);
  });

  it('answers a repeated submission with the same Idempotency-Key with the same offer and hold', async () => {
    const listing = await newListing();
    const body = await offerBody(producer, listing.id);
    const key = 'submit-7c1d0a9e';
    const answers = await Promise.all(
      [1, 2, 3].map(() => submit(producer, body, { 'idempotency-key': key })),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(201);
    const [first, ...rest] = answers.map((a) => a.json<CreateOfferResponse>());
    for (const other of rest) {
      expect(other.offer.id).toBe(first.offer.id);
      expect(other.clientSecret).toBe(first.clientSecret);
    }
    const rows = await t.db.select().from(offers).where(eq(offers.requestKey, key));
    expect(rows).toHaveLength(1);
    const holds = await t.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, first.clientSecret));
    expect(holds).toHaveLength(1);
    const ledger = await t.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.subject, `offer:${first.offer.id}`));
    expect(ledger).toHaveLength(1);

    // After payment the same key still answers the same offer, now pending.
    await confirmCard(producer, first.clientSecret);
    const later = await submit(producer, body, { 'idempotency-key': key });
    expect(later.json<CreateOfferResponse>().offer).toMatchObject({
      id: first.offer.id,
      status: 'pending',
    });
    const elsewhere = await submit(
      producer,
      { ...body, listingId: (await newListing()).id },
      { 'idempotency-key': key },
    );
    expect(elsewhere.statusCode).toBe(409);
  });
});

describe('[OFFERS] my submissions, reading and cancelling', () => {
  it('lists the producer’s offers newest first with the counters', async () => {
    const someone = await createUser(t.db, { role: 'producer' });
    await kit.signIn(someone);
    const first = await pendingOffer(someone, (await newListing()).id, '10000');
    const second = await pendingOffer(someone, (await newListing()).id, '20000');
    const rejected = await pendingOffer(someone, (await newListing()).id, '30000');
    await t.request({
      method: 'PATCH',
      url: `/api/offers/${rejected.id}/reject`,
      cookie: kit.cookie(agent),
    });
    const answer = await t.request({
      method: 'GET',
      url: '/api/offers/my-submissions',
      cookie: kit.cookie(someone),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ offers: Offer[]; counts: Record<string, number> }>();
    expect(body.offers.map((o) => o.id)).toEqual([rejected.id, second.id, first.id]);
    expect(body.counts).toEqual({ total: 3, pending: 2, accepted: 0, rejected: 1, closed: 0 });
    expect((await t.request({ method: 'GET', url: '/api/offers/my-submissions' })).statusCode).toBe(
      401,
    );
  });

  it('lets only the producer, the listing’s agent and admins read an offer', async () => {
    const offer = await pendingOffer(producer, (await newListing()).id);
    const read = (user?: UserRow, id: number | string = offer.id) =>
      t.request({ method: 'GET', url: `/api/offers/${id}`, cookie: kit.cookie(user) });
    expect((await read(producer)).statusCode).toBe(200);
    expect((await read(agent)).json<Offer>().producer.companyName).toBe('Reel Co');
    expect((await read(admin)).statusCode).toBe(200);
    expect((await read(rival)).statusCode).toBe(403);
    expect((await read(otherAgent)).statusCode).toBe(403);
    expect((await read()).statusCode).toBe(401);
    expect((await read(producer, 987_654)).statusCode).toBe(404);
    expect((await read(producer, 'abc')).statusCode).toBe(404);
  });

  it('cancels a pending offer with a reason and releases its hold', async () => {
    const offer = await pendingOffer(producer, (await newListing()).id);
    const cancel = (user: UserRow | undefined, payload: unknown) =>
      t.request({
        method: 'PATCH',
        url: `/api/offers/${offer.id}/cancel`,
        cookie: kit.cookie(user),
        payload: payload as Record<string, unknown>,
      });
    expect((await cancel(undefined, { cancellationReason: 'x' })).statusCode).toBe(401);
    const blank = await cancel(producer, { cancellationReason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({
      cancellationReason: 'Please provide a reason for cancelling',
    });
    const long = await cancel(producer, { cancellationReason: 'x'.repeat(501) });
    expect(long.json().fields).toEqual({
      cancellationReason: 'Reason must be at most 500 characters',
    });
    expect((await cancel(rival, { cancellationReason: 'not mine' })).statusCode).toBe(403);
    expect((await cancel(agent, { cancellationReason: 'not mine' })).statusCode).toBe(403);

    const done = await cancel(producer, { cancellationReason: 'Budget moved to another project' });
    expect(done.statusCode).toBe(200);
    expect(done.json<Offer>()).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Budget moved to another project',
    });
    expect((await holdOf(offer.id)).intent.status).toBe('canceled');

    const again = await cancel(producer, { cancellationReason: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('abandons an unpaid offer, releasing the unconfirmed hold', async () => {
    const listing = await newListing();
    const created = await submit(producer, await offerBody(producer, listing.id));
    const { offer, clientSecret } = created.json<CreateOfferResponse>();
    const abandon = (user: UserRow) =>
      t.request({
        method: 'POST',
        url: `/api/offers/${offer.id}/abandon`,
        cookie: kit.cookie(user),
      });
    expect((await abandon(rival)).statusCode).toBe(403);
    const done = await abandon(producer);
    expect(done.json<Offer>().status).toBe('abandoned');
    expect((await holdOf(offer.id)).intent.status).toBe('canceled');
    expect((await confirmCard(producer, clientSecret)).statusCode).toBe(402);
    expect((await abandon(producer)).statusCode).toBe(409);
    // The slot is free again for a new offer on the listing.
    expect((await submit(producer, await offerBody(producer, listing.id))).statusCode).toBe(201);
  });
});

describe('[OFFERS] the agent accepts or rejects', () => {
  it('accepts: captures the hold, options the listing, rejects and releases the other offers', async () => {
    const listing = await newListing({ title: 'Salt and Stars' });
    const chosen = await pendingOffer(producer, listing.id, '50000');
    const other = await pendingOffer(rival, listing.id, '40000');
    const unpaidBy = await createUser(t.db, { role: 'producer' });
    await kit.signIn(unpaidBy);
    const unpaid = (
      await submit(unpaidBy, await offerBody(unpaidBy, listing.id))
    ).json<CreateOfferResponse>();

    const accepted = await t.request({
      method: 'PATCH',
      url: `/api/offers/${chosen.id}/accept`,
      cookie: kit.cookie(agent),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Offer>().status).toBe('accepted');

    expect((await holdOf(chosen.id)).intent).toMatchObject({ status: 'succeeded' });
    const [optioned] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(optioned.status).toBe('optioned');

    const otherHold = await holdOf(other.id);
    expect(otherHold.offer).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Another offer was accepted',
    });
    expect(otherHold.intent.status).toBe('canceled');
    const unpaidHold = await holdOf(unpaid.offer.id);
    expect(unpaidHold.offer.status).toBe('rejected');
    expect(unpaidHold.intent.status).toBe('canceled');
    expect((await confirmCard(unpaidBy, unpaid.clientSecret)).statusCode).toBe(402);

    expect((await mailsTo(producer)).map((m) => m.subject)).toContain(
      'Your offer on Salt and Stars was accepted',
    );
    expect((await mailsTo(rival)).map((m) => m.subject)).toContain(
      'Your offer on Salt and Stars was not accepted',
    );

    const captures = await t.db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.operation, 'capture'), like(paymentLedger.subject, 'offer:%')));
    expect(captures.filter((row) => row.subject === `offer:${chosen.id}`)).toHaveLength(1);

    const again = await t.request({
      method: 'PATCH',
      url: `/api/offers/${chosen.id}/accept`,
      cookie: kit.cookie(agent),
    });
    expect(again.statusCode).toBe(409);
    const closed = await submit(producer, await offerBody(producer, listing.id));
    expect(closed.statusCode).toBe(409);
  });

  it('lets only the listing’s agent decide, and only on pending offers', async () => {
    const listing = await newListing();
    const offer = await pendingOffer(producer, listing.id);
    const act = (user: UserRow | undefined, action: string, id: number | string = offer.id) =>
      t.request({
        method: 'PATCH',
        url: `/api/offers/${id}/${action}`,
        cookie: kit.cookie(user),
      });
    expect((await act(undefined, 'accept')).statusCode).toBe(401);
    expect((await act(producer, 'accept')).statusCode).toBe(403);
    expect((await act(admin, 'accept')).statusCode).toBe(403);
    expect((await act(otherAgent, 'accept')).statusCode).toBe(403);
    expect((await act(otherAgent, 'reject')).statusCode).toBe(403);
    expect((await act(agent, 'accept', 999_999)).statusCode).toBe(404);

    const unpaid = (
      await submit(rival, await offerBody(rival, listing.id))
    ).json<CreateOfferResponse>();
    // Not yet paid: the agent does not know it exists.
    expect((await act(agent, 'accept', unpaid.offer.id)).statusCode).toBe(404);

    const rejected = await act(agent, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Offer>().status).toBe('rejected');
    expect((await holdOf(offer.id)).intent.status).toBe('canceled');
    expect((await mailsTo(producer)).map((m) => m.subject)).toContain(
      'Your offer on The Lighthouse Keeper was rejected',
    );
    expect((await act(agent, 'reject')).statusCode).toBe(409);
    expect((await act(agent, 'accept')).statusCode).toBe(409);
    const cancel = await t.request({
      method: 'PATCH',
      url: `/api/offers/${offer.id}/cancel`,
      cookie: kit.cookie(producer),
      payload: { cancellationReason: 'too late' },
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('shows the agent their listings with counters and their offers, never another agent’s', async () => {
    const mine = await createUser(t.db, { role: 'agent' });
    await kit.signIn(mine);
    const first = await insertListing(t.db, { agentId: mine.id, title: 'First' });
    const second = await insertListing(t.db, { agentId: mine.id, title: 'Second' });
    const offer = await pendingOffer(producer, first.id);
    await pendingOffer(rival, first.id);
    await submit(producer, await offerBody(producer, second.id));
    await t.request({
      method: 'PATCH',
      url: `/api/offers/${offer.id}/reject`,
      cookie: kit.cookie(mine),
    });

    const listingsAnswer = await t.request({
      method: 'GET',
      url: `/api/listings/agent/${mine.id}`,
      cookie: kit.cookie(mine),
    });
    expect(listingsAnswer.statusCode).toBe(200);
    const cards = listingsAnswer.json<Array<{ id: number; offerCounts: unknown }>>();
    expect(cards.map((card) => card.id)).toEqual([second.id, first.id]);
    expect(cards[1].offerCounts).toEqual({
      total: 2,
      pending: 1,
      accepted: 0,
      rejected: 1,
      closed: 0,
    });
    expect(cards[0].offerCounts).toEqual({
      total: 0,
      pending: 0,
      accepted: 0,
      rejected: 0,
      closed: 0,
    });

    const offersAnswer = await t.request({
      method: 'GET',
      url: `/api/offers/agent/${mine.id}`,
      cookie: kit.cookie(mine),
    });
    const list = offersAnswer.json<Offer[]>();
    expect(list).toHaveLength(2);
    expect(list.every((o) => o.listingId === first.id)).toBe(true);
    expect(list.map((o) => o.status).sort()).toEqual(['pending', 'rejected']);

    for (const url of [`/api/listings/agent/${mine.id}`, `/api/offers/agent/${mine.id}`]) {
      expect((await t.request({ method: 'GET', url, cookie: kit.cookie(agent) })).statusCode).toBe(
        403,
      );
      expect(
        (await t.request({ method: 'GET', url, cookie: kit.cookie(producer) })).statusCode,
      ).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, cookie: kit.cookie(admin) })).statusCode).toBe(
        200,
      );
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/offers/agent/x', cookie: kit.cookie(admin) }))
        .statusCode,
    ).toBe(404);
  });
});
