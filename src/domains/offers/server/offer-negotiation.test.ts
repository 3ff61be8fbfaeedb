import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { localPaymentIntents } from '@/domains/payments/server/payments.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  holdsOfOffer,
  ledgerOfOffer,
  offerKit,
  providerTimeout,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type { NegotiationResponse, Offer, OfferTermsResponse } from '../offers.schema';
import { generateMissingAgreements } from '@/domains/agreements/server';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';
import { offerTerms, offers } from './offers.tables';
import { expireOfferDeadlines } from './process-offer-deadlines';
import { reconcileOffers } from './reconcile-offers';
import { syncOfferPayment } from './sync-offer-payment';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let otherAgent: UserRow;
let producer: UserRow;
let rival: UserRow;
let admin: UserRow;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  rival = await createUser(t.db, { role: 'producer' });
  admin = await createUser(t.db, { role: 'admin' });
  await kit.signIn(agent, otherAgent, producer, rival, admin);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t.close();
});

/** A listing offering Film and TV in the UK and Ireland, exclusively. */
const newListing = () =>
  insertListing(t.db, {
    agentId: agent.id,
    title: 'The Salt Road',
    rightsAvailable: ['film', 'tv'],
    territory: ['UK', 'Ireland'],
    exclusivity: 'exclusive',
  });

const counter = (user: UserRow, offerId: number, terms: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/offers/${offerId}/counter`,
    cookie: kit.cookie(user),
    payload: terms,
  });

const acceptCounter = (user: UserRow, offerId: number) =>
  t.request({
    method: 'POST',
    url: `/api/offers/${offerId}/accept-counter`,
    cookie: kit.cookie(user),
  });

const termsOf = async (user: UserRow, offerId: number) =>
  t.request({ method: 'GET', url: `/api/offers/${offerId}/terms`, cookie: kit.cookie(user) });

async function offerRow(offerId: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

async function intent(id: string | null) {
  const [row] = await t.db
    .select()
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.id, id ?? ''));
  return row;
}

const RAISED = {
  offerPrice: '55000',
  optionPeriod: 24,
  purchasePrice: '550000',
  territories: ['UK'],
};

/** A pending £40,000 offer the agent has countered at £55,000 and 24 months. */
async function counteredOffer(listingId?: number) {
  const id = listingId ?? (await newListing()).id;
  const offer = await kit.pendingOffer(producer, id);
  const answer = await counter(agent, offer.id, RAISED);
  expect(answer.statusCode).toBe(200);
  return offer.id;
}

describe('[DEALS] counter-offers: transitions and who may make them', () => {
  it('only the listing agent counters a pending offer; only its producer answers a counter', async () => {
    const offer = await kit.pendingOffer(producer, (await newListing()).id);
    expect((await counter(producer, offer.id, RAISED)).statusCode).toBe(409);
    expect((await counter(otherAgent, offer.id, RAISED)).statusCode).toBe(403);
    expect((await counter(rival, offer.id, RAISED)).statusCode).toBe(403);
    expect((await counter(admin, offer.id, RAISED)).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/offers/${offer.id}/counter`,
          payload: RAISED,
        })
      ).statusCode,
    ).toBe(401);
    // Nothing changed: not a counter.
    const same = await counter(agent, offer.id, { offerPrice: '40000', optionPeriod: 12 });
    expect(same.statusCode).toBe(400);

    const countered = await counter(agent, offer.id, RAISED);
    expect(countered.statusCode).toBe(200);
    expect(countered.json<NegotiationResponse>().offer.status).toBe('countered');
    // Now it is the producer's turn: the agent can neither accept nor counter again.
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(409);
    expect((await counter(agent, offer.id, { ...RAISED, offerPrice: '60000' })).statusCode).toBe(
      409,
    );
    expect((await acceptCounter(rival, offer.id)).statusCode).toBe(403);
    expect((await acceptCounter(agent, offer.id)).statusCode).toBe(403);

    // The producer counters back at the held price: pending again, no new hold.
    const back = await counter(producer, offer.id, { ...RAISED, offerPrice: '40000' });
    expect(back.statusCode).toBe(200);
    expect(back.json<NegotiationResponse>()).toMatchObject({
      clientSecret: null,
      offer: { status: 'pending', optionPeriod: 24, offerPrice: '40000.00' },
    });
    expect(await holdsOfOffer(t.db, offer.id)).toHaveLength(1);

    const history = (await termsOf(agent, offer.id)).json<OfferTermsResponse>();
    expect(history.versions.map((v) => [v.version, v.proposedBy, v.kind])).toEqual([
      [1, 'producer', 'offer'],
      [2, 'agent', 'counter'],
      [3, 'producer', 'counter'],
    ]);
    const changed = history.versions[1].changes.map((c) => [c.label, c.from, c.to]);
    expect(changed).toContainEqual(['Option fee', '£40,000', '£55,000']);
    expect(changed).toContainEqual(['Option period', '12 months', '24 months']);
    expect(changed).toContainEqual(['Territories', 'UK, Ireland', 'UK']);
    expect(history.versions[1].authorName).toBe(`${agent.firstName} ${agent.lastName}`);
    expect(history.versions[2].changes.map((c) => c.label)).toEqual(['Option fee']);
    expect((await termsOf(rival, offer.id)).statusCode).toBe(403);
    expect((await termsOf(admin, offer.id)).statusCode).toBe(200);
  });

  it('a counter whose offer update fails stores no term sheet version (one transaction)', async () => {
    const offer = await kit.pendingOffer(producer, (await newListing()).id);
    // The offer's own update fails inside the counter, after the term rows were written.
    const fail = `fail_offer_${offer.id}`;
    await t.db.execute(
      sql.raw(`create function ${fail}() returns trigger language plpgsql as $$
        begin raise exception 'offer update refused by the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger ${fail} before update on offers for each row
        when (new.id = ${offer.id} and new.terms_version <> old.terms_version)
        execute function ${fail}()`),
    );
    try {
      const failed = await counter(agent, offer.id, RAISED);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      const stored = await t.db.select().from(offerTerms).where(eq(offerTerms.offerId, offer.id));
      // Only the offer's own version 1, stored with its part at creation (issue 29).
      expect(stored.map((row) => row.version)).toEqual([1]);
      expect(await offerRow(offer.id)).toMatchObject({ status: 'pending', termsVersion: 1 });
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fail} on offers`));
      await t.db.execute(sql.raw(`drop function ${fail}()`));
    }
    // Once the update can commit, the counter and both versions land together.
    expect((await counter(agent, offer.id, RAISED)).statusCode).toBe(200);
    const versions = await t.db
      .select({ version: offerTerms.version })
      .from(offerTerms)
      .where(eq(offerTerms.offerId, offer.id));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
  });

  it('restarts the response deadline with each counter', async () => {
    const offer = await kit.pendingOffer(producer, (await newListing()).id);
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await t.db.update(offers).set({ responseDeadline: soon }).where(eq(offers.id, offer.id));
    await counter(agent, offer.id, RAISED);
    const afterCounter = await offerRow(offer.id);
    expect(afterCounter.responseDeadline!.getTime()).toBeGreaterThan(Date.now() + 5 * DAY);
    await t.db.update(offers).set({ responseDeadline: soon }).where(eq(offers.id, offer.id));
    await counter(producer, offer.id, { ...RAISED, offerPrice: '40000' });
    expect((await offerRow(offer.id)).responseDeadline!.getTime()).toBeGreaterThan(
      Date.now() + 5 * DAY,
    );
  });

  it('the producer may withdraw a countered offer: its hold is released', async () => {
    const offerId = await counteredOffer();
    const withdrawn = await t.request({
      method: 'PATCH',
      url: `/api/offers/${offerId}/cancel`,
      cookie: kit.cookie(producer),
      payload: { cancellationReason: 'Too rich for us' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<Offer>().status).toBe('cancelled');
    expect((await holdsOfOffer(t.db, offerId)).map((h) => h.status)).toEqual(['canceled']);
  });
});

describe('[DEALS] a counter that changes the price needs a new hold; never both captured', () => {
  it('accepting the counter at a new price re-authorises, releases the old hold only then, and completes the deal with one capture', async () => {
    const offerId = await counteredOffer();
    const oldHold = (await offerRow(offerId)).providerPaymentId;
    const accepted = await acceptCounter(producer, offerId);
    expect(accepted.statusCode).toBe(200);
    const { offer, clientSecret } = accepted.json<NegotiationResponse>();
    expect(offer.status).toBe('reauthorising');
    expect(clientSecret).toBeTruthy();
    // The agent cannot take the money until the new hold stands; the old one still does.
    expect((await kit.decide(agent, offerId, 'accept')).statusCode).toBe(409);
    expect((await intent(oldHold)).status).toBe('requires_capture');

    expect((await kit.confirmCard(producer, clientSecret!)).statusCode).toBe(200);
    // The producer accepted terms the agent proposed: the new hold is captured at once and
    // the deal is accepted, with no second acceptance by the agent (issue 28).
    const row = await offerRow(offerId);
    expect(row).toMatchObject({ status: 'accepted', offerPricePence: 5_500_000, holdVersion: 2 });
    expect(row.prevPaymentId).toBeNull();
    expect((await intent(oldHold)).status).toBe('canceled');
    expect((await intent(row.providerPaymentId)).amountPence).toBe(5_500_000);
    expect((await intent(row.providerPaymentId)).status).toBe('succeeded');
    expect((await kit.decide(agent, offerId, 'accept')).statusCode).toBe(409);
    const mine = await t.request({
      method: 'GET',
      url: '/api/offers/my-submissions',
      cookie: kit.cookie(producer),
    });
    const acceptedOffer = mine.json<{ offers: Offer[] }>().offers.find((o) => o.id === offerId)!;
    expect(acceptedOffer).toMatchObject({
      status: 'accepted',
      offerPrice: '55000.00',
      signedOptionUrl: `/api/offers/${offerId}/agreement`,
      terms: { offerPrice: '55000.00', optionPeriod: 24, kind: 'accepted_counter' },
    });
    const holds = await holdsOfOffer(t.db, offerId);
    expect(holds.map((h) => [h.amountPence, h.status]).sort()).toEqual(
      [
        [4_000_000, 'canceled'],
        [5_500_000, 'succeeded'],
      ].sort(),
    );
    const captures = (await ledgerOfOffer(t.db, offerId)).filter((r) => r.operation === 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ amountPence: 5_500_000, outcome: 'succeeded' });

    // The option agreement: the final terms, its SHA-256, for the two parties and admins.
    const pdf = await t.request({
      method: 'GET',
      url: `/api/offers/${offerId}/agreement`,
      cookie: kit.cookie(producer),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [agreement] = await t.db
      .select()
      .from(offerAgreements)
      .where(eq(offerAgreements.offerId, offerId));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(agreement.sha256);
    expect(agreement).toMatchObject({ offerPricePence: 5_500_000, termsVersion: 3 });
    for (const who of [agent, admin]) {
      const read = await t.request({
        method: 'GET',
        url: `/api/offers/${offerId}/agreement`,
        cookie: kit.cookie(who),
      });
      expect(read.statusCode).toBe(200);
    }
    const denied = await t.request({
      method: 'GET',
      url: `/api/offers/${offerId}/agreement`,
      cookie: kit.cookie(rival),
    });
    expect(denied.statusCode).toBe(403);

    // Click-to-sign by both parties, once each.
    const sign = (who: UserRow) =>
      t.request({
        method: 'POST',
        url: `/api/offers/${offerId}/agreement/sign`,
        cookie: kit.cookie(who),
        payload: { fullName: `${who.firstName} ${who.lastName}`, consent: true },
      });
    expect((await sign(producer)).statusCode).toBe(200);
    expect((await sign(producer)).statusCode).toBe(409);
    expect((await sign(rival)).statusCode).toBe(403);
    const both = await sign(agent);
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ sha256: agreement.sha256 });
    expect(both.json().producerSignedAt).toBeTruthy();
    expect(both.json().agentSignedAt).toBeTruthy();

    // The timeline, the same for both sides: every step with its amount, oldest first.
    for (const who of [producer, agent]) {
      const terms = await termsOf(who, offerId);
      const timeline = terms.json<OfferTermsResponse>().timeline;
      expect(timeline.map((event) => [event.kind, event.by, event.amount])).toEqual([
        ['created', 'producer', '40000.00'],
        ['authorised', 'producer', '40000.00'],
        ['countered', 'agent', '55000.00'],
        ['counter_accepted', 'producer', '55000.00'],
        ['reauthorised', 'producer', '55000.00'],
        ['released', null, '40000.00'],
        ['accepted', 'producer', '55000.00'],
        ['captured', null, '55000.00'],
        ['agreement_issued', null, '55000.00'],
        ['signed', 'producer', null],
        ['signed', 'agent', null],
      ]);
    }
  });

  it('placing the new hold times out: 503, the old hold stays, reconciliation places one new hold', async () => {
    const offerId = await counteredOffer();
    const oldHold = (await offerRow(offerId)).providerPaymentId;
    const provider = t.app.payments;
    const real = provider.createPayment.bind(provider);
    vi.spyOn(provider, 'createPayment').mockImplementationOnce(async (input) => {
      await real(input);
      throw providerTimeout();
    });
    expect((await acceptCounter(producer, offerId)).statusCode).toBe(503);
    expect(await offerRow(offerId)).toMatchObject({
      status: 'reauthorising',
      providerPaymentId: null,
      prevPaymentId: oldHold,
    });
    // Reconciliation finds the hold the lost answer placed, and keeps the old one.
    await reconcileOffers(t.app);
    const holds = await holdsOfOffer(t.db, offerId);
    expect(holds).toHaveLength(2);
    const row = await offerRow(offerId);
    expect(row.status).toBe('reauthorising');
    expect((await intent(row.providerPaymentId)).amountPence).toBe(5_500_000);
    expect((await intent(oldHold)).status).toBe('requires_capture');

    const resumed = await t.request({
      method: 'POST',
      url: `/api/offers/${offerId}/payment`,
      cookie: kit.cookie(producer),
    });
    expect(resumed.statusCode).toBe(200);
    await kit.confirmCard(producer, resumed.json<NegotiationResponse>().clientSecret!);
    expect((await offerRow(offerId)).status).toBe('accepted');
    expect((await intent(oldHold)).status).toBe('canceled');
    expect(await holdsOfOffer(t.db, offerId)).toHaveLength(2);
  });

  it('releasing the old hold times out after the new one is authorised: reconciliation releases it, the new one is captured alone', async () => {
    const offerId = await counteredOffer();
    const oldHold = (await offerRow(offerId)).providerPaymentId;
    // The producer counters back at a new price: once its hold stands, the agent decides.
    const { clientSecret } = (
      await counter(producer, offerId, { ...RAISED, offerPrice: '50000' })
    ).json<NegotiationResponse>();
    vi.spyOn(t.app.payments, 'cancelPayment').mockRejectedValueOnce(providerTimeout());
    await kit.confirmCard(producer, clientSecret!);
    const row = await offerRow(offerId);
    expect(row.status).toBe('pending');
    expect((await intent(oldHold)).status).toBe('requires_capture');
    const release = (await ledgerOfOffer(t.db, offerId)).find(
      (r) => r.operation === 'release' && r.providerPaymentId === oldHold,
    );
    expect(release?.outcome).toBe('pending');
    // Even now the agent's acceptance captures only the new hold.
    expect((await kit.decide(agent, offerId, 'accept')).statusCode).toBe(200);
    await reconcileOffers(t.app);
    expect((await intent(oldHold)).status).toBe('canceled');
    expect((await intent(row.providerPaymentId)).status).toBe('succeeded');
  });

  it('a periodic reconciliation never releases the hold a re-authorisation still relies on', async () => {
    const offerId = await counteredOffer();
    const oldHold = (await offerRow(offerId)).providerPaymentId;
    await acceptCounter(producer, offerId);
    const report = await reconcileOffers(t.app, { now: new Date(Date.now() + 60_000) });
    expect(report.releasedOrphans).toBe(0);
    expect((await intent(oldHold)).status).toBe('requires_capture');
    // Applying the old hold's state changes nothing either.
    await syncOfferPayment(t.app, await t.app.payments.retrievePayment(oldHold!));
    expect((await intent(oldHold)).status).toBe('requires_capture');
    expect((await offerRow(offerId)).status).toBe('reauthorising');
  });

  it('withdrawing while re-authorising releases both holds', async () => {
    const offerId = await counteredOffer();
    await acceptCounter(producer, offerId);
    const withdrawn = await t.request({
      method: 'PATCH',
      url: `/api/offers/${offerId}/cancel`,
      cookie: kit.cookie(producer),
      payload: { cancellationReason: 'Card limit' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await holdsOfOffer(t.db, offerId)).map((h) => h.status)).toEqual([
      'canceled',
      'canceled',
    ]);
  });

  it('the deadline passing while re-authorising expires the offer and releases both holds', async () => {
    const offerId = await counteredOffer();
    await acceptCounter(producer, offerId);
    await t.db
      .update(offers)
      .set({ responseDeadline: new Date(Date.now() - 1000) })
      .where(eq(offers.id, offerId));
    expect(await expireOfferDeadlines(t.app)).toBe(1);
    expect((await offerRow(offerId)).status).toBe('expired');
    expect((await holdsOfOffer(t.db, offerId)).map((h) => h.status)).toEqual([
      'canceled',
      'canceled',
    ]);
  });

  it('another offer accepted on the listing releases both holds of a re-authorising one', async () => {
    const listing = await newListing();
    const offerId = await counteredOffer(listing.id);
    await acceptCounter(producer, offerId);
    const other = await kit.pendingOffer(rival, listing.id);
    expect((await kit.decide(agent, other.id, 'accept')).statusCode).toBe(200);
    expect((await offerRow(offerId)).status).toBe('rejected');
    expect((await holdsOfOffer(t.db, offerId)).map((h) => h.status)).toEqual([
      'canceled',
      'canceled',
    ]);
  });

  it('applying the new hold twice promotes it once', async () => {
    const offerId = await counteredOffer();
    const { clientSecret } = (await acceptCounter(producer, offerId)).json<NegotiationResponse>();
    await kit.confirmCard(producer, clientSecret!);
    const first = await offerRow(offerId);
    await syncOfferPayment(t.app, await t.app.payments.retrievePayment(first.providerPaymentId!));
    expect((await offerRow(offerId)).updatedAt).toEqual(first.updatedAt);
  });
});

describe('[DEALS] the option agreement never touches the capture', () => {
  it('a failed generation leaves the acceptance captured once; the job makes it later', async () => {
    const offer = await kit.pendingOffer(producer, (await newListing()).id);
    vi.spyOn(t.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const decided = await kit.decide(agent, offer.id, 'accept');
    expect(decided.statusCode).toBe(200);
    expect(decided.json<Offer>()).toMatchObject({ status: 'accepted', signedOptionUrl: null });
    expect(await generateMissingAgreements(t.app)).toBe(1);
    expect((await offerRow(offer.id)).signedOptionUrl).toBe(`/api/offers/${offer.id}/agreement`);
    expect(await generateMissingAgreements(t.app)).toBe(0);
    const captures = (await ledgerOfOffer(t.db, offer.id)).filter((r) => r.operation === 'capture');
    expect(captures).toHaveLength(1);
  });
});
