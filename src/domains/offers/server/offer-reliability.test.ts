import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  localPaymentIntents,
  localProviderRequests,
  paymentLedger,
} from '@/domains/payments/server/payments.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  holdsOfOffer,
  ledgerOfOffer,
  offerKit,
  providerTimeout,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { OFFER_MESSAGES, type CreateOfferResponse, type Offer } from '../offers.schema';
import { holdKey } from './offer-hold';
import { offers } from './offers.tables';
import { expireOfferDeadlines, remindOfferDeadlines } from './process-offer-deadlines';
import { reconcileOffers } from './reconcile-offers';
import { responseDeadlineFor } from './response-deadline';
import { syncOfferPayment } from './sync-offer-payment';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;
let rival: UserRow;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '30000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  rival = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer, rival);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t.close();
});

const newListing = () => insertListing(t.db, { agentId: agent.id, title: 'Northern Lights' });

async function submit(user: UserRow, listingId: number, headers: Record<string, string> = {}) {
  return kit.submit(user, await kit.offerBody(user, listingId), headers);
}

const confirmCard = (user: UserRow, clientSecret: string) => kit.confirmCard(user, clientSecret);

async function pendingOffer(user: UserRow, listingId: number): Promise<number> {
  return (await kit.pendingOffer(user, listingId)).id;
}

const accept = (offerId: number) => kit.decide(agent, offerId, 'accept');

async function offerRow(offerId: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

async function intentOf(offerId: number) {
  const row = await offerRow(offerId);
  const [intent] = await t.db
    .select()
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.id, row.providerPaymentId ?? ''));
  return intent;
}

const intentsFor = (offerId: number) => holdsOfOffer(t.db, offerId);

const ledgerFor = (offerId: number) => ledgerOfOffer(t.db, offerId);

const timeout = providerTimeout;

describe('[OFFERS] exactly one capture per listing', () => {
  it('captures exactly once when 50 accepts race on offers of one listing; all others are released', async () => {
    const listing = await newListing();
    const producers = await Promise.all(
      Array.from({ length: 50 }, () => createUser(t.db, { role: 'producer' })),
    );
    await kit.signIn(...producers);
    const offerIds: number[] = [];
    for (let i = 0; i < producers.length; i += 10) {
      const batch = producers.slice(i, i + 10);
      offerIds.push(...(await Promise.all(batch.map((user) => pendingOffer(user, listing.id)))));
    }

    const answers = await Promise.all(offerIds.map((id) => accept(id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const rows = await t.db.select().from(offers).where(inArray(offers.id, offerIds));
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(49);

    const intents = await t.db
      .select()
      .from(localPaymentIntents)
      .where(sql`${localPaymentIntents.metadata}->>'listingId' = ${String(listing.id)}`);
    expect(intents).toHaveLength(50);
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    expect(intents.filter((intent) => intent.status === 'canceled')).toHaveLength(49);

    const captures = await t.db
      .select()
      .from(paymentLedger)
      .where(
        and(
          eq(paymentLedger.operation, 'capture'),
          inArray(
            paymentLedger.subject,
            offerIds.map((id) => `offer:${id}`),
          ),
        ),
      );
    expect(captures).toHaveLength(1);
    expect(captures[0].outcome).toBe('succeeded');
    const [optioned] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(optioned.status).toBe('optioned');
  }, 120_000);
});

describe('[OFFERS] provider faults never leave an offer and its hold disagreeing', () => {
  it('authorise times out before the provider acts: 503, then the same key places one hold', async () => {
    const listing = await newListing();
    vi.spyOn(t.app.payments, 'createPayment').mockRejectedValueOnce(timeout());
    const failed = await submit(producer, listing.id, { 'idempotency-key': 'k-auth-1' });
    expect(failed.statusCode).toBe(503);
    const [row] = await t.db.select().from(offers).where(eq(offers.requestKey, 'k-auth-1'));
    expect(row).toMatchObject({ status: 'awaiting_payment', providerPaymentId: null });
    expect((await ledgerFor(row.id))[0].outcome).toBe('pending');

    const retried = await submit(producer, listing.id, { 'idempotency-key': 'k-auth-1' });
    expect(retried.statusCode).toBe(201);
    expect(retried.json<CreateOfferResponse>().offer.id).toBe(row.id);
    expect(await intentsFor(row.id)).toHaveLength(1);
    const ledger = await ledgerFor(row.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ outcome: 'succeeded', attempts: 2 });
  });

  it('authorise times out after the provider acted: reconciliation finds the same hold, not a second', async () => {
    const listing = await newListing();
    const provider = t.app.payments;
    const real = provider.createPayment.bind(provider);
    vi.spyOn(provider, 'createPayment').mockImplementationOnce(async (input) => {
      await real(input);
      throw timeout();
    });
    const failed = await submit(producer, listing.id);
    expect(failed.statusCode).toBe(503);
    const [row] = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.listingId, listing.id), eq(offers.producerId, producer.id)));
    expect(row.providerPaymentId).toBeNull();

    const report = await reconcileOffers(t.app);
    expect(report.retriedCalls).toBe(1);
    const intents = await intentsFor(row.id);
    expect(intents).toHaveLength(1);
    expect((await offerRow(row.id)).providerPaymentId).toBe(intents[0].id);

    // The producer completes the payment from My Submissions with that hold.
    const resumed = await t.request({
      method: 'POST',
      url: `/api/offers/${row.id}/payment`,
      cookie: kit.cookie(producer),
    });
    expect(resumed.json<CreateOfferResponse>().clientSecret).toBe(intents[0].clientSecret);
    await confirmCard(producer, intents[0].clientSecret);
    expect((await offerRow(row.id)).status).toBe('pending');
  });

  it('capture times out after the provider captured: reconciliation completes the acceptance, one capture', async () => {
    const listing = await newListing();
    const chosen = await pendingOffer(producer, listing.id);
    const other = await pendingOffer(rival, listing.id);
    const provider = t.app.payments;
    const real = provider.capturePayment.bind(provider);
    vi.spyOn(provider, 'capturePayment').mockImplementationOnce(async (id, options) => {
      await real(id, options);
      throw timeout();
    });
    const answer = await accept(chosen);
    expect(answer.statusCode).toBe(503);
    expect((await intentOf(chosen)).status).toBe('succeeded');
    // Seen as pending by both sides; a second click cannot capture again.
    const read = await t.request({
      method: 'GET',
      url: `/api/offers/${chosen}`,
      cookie: kit.cookie(agent),
    });
    expect(read.json<Offer>().status).toBe('pending');
    const again = await accept(chosen);
    expect(again.statusCode).toBe(409);
    expect((await accept(other)).statusCode).toBe(409);

    await reconcileOffers(t.app);
    expect((await offerRow(chosen)).status).toBe('accepted');
    expect((await offerRow(other)).status).toBe('rejected');
    expect((await intentOf(other)).status).toBe('canceled');
    const captureRequests = await t.db
      .select()
      .from(localProviderRequests)
      .where(eq(localProviderRequests.idempotencyKey, holdKey(chosen, 1, 'capture')));
    expect(captureRequests).toHaveLength(1);
    const captures = (await ledgerFor(chosen)).filter((row) => row.operation === 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ outcome: 'succeeded', attempts: 2 });
  });

  it('capture fails before the provider acted: the retry with the same key captures once', async () => {
    const listing = await newListing();
    const chosen = await pendingOffer(producer, listing.id);
    vi.spyOn(t.app.payments, 'capturePayment').mockRejectedValueOnce(timeout());
    expect((await accept(chosen)).statusCode).toBe(503);
    expect((await intentOf(chosen)).status).toBe('requires_capture');
    await reconcileOffers(t.app);
    expect((await offerRow(chosen)).status).toBe('accepted');
    expect((await intentOf(chosen)).status).toBe('succeeded');
  });

  it('release fails while cancelling: the offer is cancelled and reconciliation releases the hold', async () => {
    const offerId = await pendingOffer(producer, (await newListing()).id);
    vi.spyOn(t.app.payments, 'cancelPayment').mockRejectedValueOnce(timeout());
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/offers/${offerId}/cancel`,
      cookie: kit.cookie(producer),
      payload: { cancellationReason: 'Changed our slate' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Offer>().status).toBe('cancelled');
    expect((await intentOf(offerId)).status).toBe('requires_capture');
    const release = (await ledgerFor(offerId)).find((row) => row.operation === 'release');
    expect(release?.outcome).toBe('pending');

    await reconcileOffers(t.app);
    expect((await intentOf(offerId)).status).toBe('canceled');
    expect((await offerRow(offerId)).status).toBe('cancelled');
  });

  it('a crash between the capture and the database update is reconciled on the next start', async () => {
    const listing = await newListing();
    const chosen = await pendingOffer(producer, listing.id);
    const other = await pendingOffer(rival, listing.id);
    // The database refuses the acceptance after the money moved, as a crash would lose it.
    await t.db.execute(sql`
      create or replace function pts_test_refuse_accept() returns trigger as $$
      begin
        if new.status = 'accepted' then raise exception 'simulated crash'; end if;
        return new;
      end $$ language plpgsql`);
    await t.db.execute(sql`
      create trigger pts_test_refuse_accept before update on offers
      for each row execute function pts_test_refuse_accept()`);
    try {
      const answer = await accept(chosen);
      expect(answer.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger pts_test_refuse_accept on offers`);
      await t.db.execute(sql`drop function pts_test_refuse_accept()`);
    }
    expect((await intentOf(chosen)).status).toBe('succeeded');
    expect((await offerRow(chosen)).status).toBe('accepting');

    const report = await reconcileOffers(t.app);
    expect(report.settledAcceptances).toBe(1);
    expect((await offerRow(chosen)).status).toBe('accepted');
    expect((await offerRow(other)).status).toBe('rejected');
    expect((await intentOf(other)).status).toBe('canceled');
    const [optioned] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(optioned.status).toBe('optioned');
    expect((await ledgerFor(chosen)).filter((row) => row.operation === 'capture')).toHaveLength(1);
  });

  it('a refused capture on a lapsed hold expires the offer and asks the producer to renew', async () => {
    const listing = await newListing();
    const offerId = await pendingOffer(producer, listing.id);
    const intent = await intentOf(offerId);
    await t.db
      .update(localPaymentIntents)
      .set({ authorisedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(localPaymentIntents.id, intent.id));
    const answer = await accept(offerId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(OFFER_MESSAGES.holdExpired);
    expect((await offerRow(offerId)).status).toBe('expired');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, producer.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      'Action needed: your offer on Northern Lights',
    );
    const [stillAvailable] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(stillAvailable.status).toBe('available');
  });

  it('applying the same provider state twice, or an old one, changes nothing the second time', async () => {
    const listing = await newListing();
    const created = await submit(producer, listing.id);
    const { offer, clientSecret } = created.json<CreateOfferResponse>();
    await confirmCard(producer, clientSecret);
    const first = await offerRow(offer.id);
    const payment = await t.app.payments.retrievePayment(first.providerPaymentId ?? '');
    await syncOfferPayment(t.app, payment);
    await syncOfferPayment(t.app, payment);
    const after = await offerRow(offer.id);
    expect(after.updatedAt).toEqual(first.updatedAt);
    expect(after.responseDeadline).toEqual(first.responseDeadline);
    const newOfferMails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, agent.email), eq(mailOutbox.subject, 'New offer on Northern Lights')),
      );
    const count = newOfferMails.length;
    await syncOfferPayment(t.app, payment);
    const again = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, agent.email), eq(mailOutbox.subject, 'New offer on Northern Lights')),
      );
    expect(again).toHaveLength(count);
  });
});

describe('[OFFERS] response deadline, reminder, expiry and renewal', () => {
  it('caps the deadline a day before the provider lets the hold lapse', () => {
    const authorised = new Date('2030-01-03T10:00:00Z');
    expect(responseDeadlineFor(authorised, null).toISOString()).toBe('2030-01-09T10:00:00.000Z');
    // Stripe counts 7 days from the intent's creation (here two days before confirmation).
    const lapses = new Date('2030-01-08T10:00:00Z');
    expect(responseDeadlineFor(authorised, lapses).toISOString()).toBe('2030-01-07T10:00:00.000Z');
  });

  it('reminds both sides once a day before, expires and releases at the deadline, and renews with one click', async () => {
    const listing = await newListing();
    const offerId = await pendingOffer(producer, listing.id);
    await t.db
      .update(offers)
      .set({ responseDeadline: new Date(Date.now() + 12 * 60 * 60 * 1000) })
      .where(eq(offers.id, offerId));
    expect(await remindOfferDeadlines(t.app)).toBe(1);
    expect(await remindOfferDeadlines(t.app)).toBe(0);
    const reminders = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Reminder: the offer on Northern Lights%'));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([agent.email, producer.email].sort());

    await t.db
      .update(offers)
      .set({ responseDeadline: new Date(Date.now() - 60_000) })
      .where(eq(offers.id, offerId));
    expect(await expireOfferDeadlines(t.app)).toBe(1);
    expect(await expireOfferDeadlines(t.app)).toBe(0);
    const expired = await offerRow(offerId);
    expect(expired.status).toBe('expired');
    expect((await intentOf(offerId)).status).toBe('canceled');
    const producerMails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, producer.email));
    expect(producerMails.map((mail) => mail.subject)).toContain(
      'Your offer on Northern Lights has expired',
    );
    const agentView = await t.request({
      method: 'GET',
      url: `/api/offers/agent/${agent.id}`,
      cookie: kit.cookie(agent),
    });
    expect(agentView.json<Offer[]>().find((offer) => offer.id === offerId)?.status).toBe('expired');

    const oldSecret = (await intentOf(offerId)).clientSecret;
    const renewByOther = await t.request({
      method: 'POST',
      url: `/api/offers/${offerId}/renew`,
      cookie: kit.cookie(rival),
    });
    expect(renewByOther.statusCode).toBe(403);
    const renewed = await t.request({
      method: 'POST',
      url: `/api/offers/${offerId}/renew`,
      cookie: kit.cookie(producer),
    });
    expect(renewed.statusCode).toBe(200);
    const { offer, clientSecret } = renewed.json<CreateOfferResponse>();
    expect(offer.status).toBe('awaiting_payment');
    expect(clientSecret).not.toBe(oldSecret);
    await confirmCard(producer, clientSecret);
    const again = await offerRow(offerId);
    expect(again).toMatchObject({ status: 'pending', holdVersion: 2, reminderSentAt: null });
    expect(again.responseDeadline?.getTime() ?? 0).toBeGreaterThan(Date.now() + 5 * DAY);
    const holds = await intentsFor(offerId);
    expect(holds.map((hold) => hold.status).sort()).toEqual(['canceled', 'requires_capture']);

    const renewPending = await t.request({
      method: 'POST',
      url: `/api/offers/${offerId}/renew`,
      cookie: kit.cookie(producer),
    });
    expect(renewPending.statusCode).toBe(409);
  });
});
