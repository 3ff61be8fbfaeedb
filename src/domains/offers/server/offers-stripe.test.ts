import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { stripeEvents } from '@/domains/payments/server/payments.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { startFakeStripe, type FakeStripe } from '../../../../tests/helpers/fake-stripe';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { OFFER_MESSAGES, type CreateOfferResponse, type Offer } from '../offers.schema';
import { offers } from './offers.tables';
import { reconcileOffers } from './reconcile-offers';

const WEBHOOK_SECRET = 'whsec_test';
const stripe = new Stripe('sk_test_x');

let fake: FakeStripe;
let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;
let rival: UserRow;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  kit = offerKit(t, { offerPrice: '45000.50', optionPeriod: 36 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  rival = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer, rival);
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.stop();
});

const newListing = () => insertListing(t.db, { agentId: agent.id, title: 'Glass Harbour' });

async function submit(user: UserRow, listingId: number, headers: Record<string, string> = {}) {
  return kit.submit(user, await kit.offerBody(user, listingId), headers);
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

const sync = (user: UserRow, offerId: number) =>
  t.request({ method: 'POST', url: `/api/offers/${offerId}/sync`, cookie: kit.cookie(user) });

/** Submit, confirm with Stripe.js (the fake's test card), then pull the truth. */
async function pendingOffer(
  user: UserRow,
  listingId: number,
): Promise<{ id: number; intent: string }> {
  const created = await submit(user, listingId);
  expect(created.statusCode).toBe(201);
  const { offer, clientSecret } = created.json<CreateOfferResponse>();
  fake.confirm(intentIdOf(clientSecret));
  expect((await sync(user, offer.id)).json<Offer>().status).toBe('pending');
  return { id: offer.id, intent: intentIdOf(clientSecret) };
}

function webhook(
  type: string,
  intentId: string,
  eventId = `evt_${randomBytes(8).toString('hex')}`,
) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.request({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function offerRow(id: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
  return row;
}

const newOfferMails = () =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.to, agent.email), eq(mailOutbox.subject, 'New offer on Glass Harbour')),
    );

describe('[OFFERS] card holds on Stripe (against a Stripe-shaped server)', () => {
  it('places a manual-capture PaymentIntent and tells the browser the publishable key', async () => {
    const config = await t.request({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
    const listing = await newListing();
    const created = await submit(producer, listing.id);
    expect(created.statusCode).toBe(201);
    const { offer, clientSecret } = created.json<CreateOfferResponse>();
    const intent = fake.intents.get(intentIdOf(clientSecret));
    expect(intent).toMatchObject({
      amount: 4_500_050,
      currency: 'gbp',
      capture_method: 'manual',
      status: 'requires_payment_method',
      metadata: { kind: 'offer', offerId: String(offer.id), userId: String(producer.id) },
    });
    const request = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.method === 'POST',
    );
    expect(request?.idempotencyKey).toBe(`offer:${offer.id}:hold:1:create`);
  });

  it('applies signed webhooks by re-reading the intent: once, and in any order', async () => {
    const listing = await newListing();
    const created = await submit(producer, listing.id);
    const { offer, clientSecret } = created.json<CreateOfferResponse>();
    const intentId = intentIdOf(clientSecret);
    fake.confirm(intentId);
    const mailsBefore = (await newOfferMails()).length;

    const first = await webhook('payment_intent.amount_capturable_updated', intentId, 'evt_one');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const pending = await offerRow(offer.id);
    expect(pending.status).toBe('pending');
    expect(await newOfferMails()).toHaveLength(mailsBefore + 1);

    const duplicate = await webhook(
      'payment_intent.amount_capturable_updated',
      intentId,
      'evt_one',
    );
    expect(duplicate.json()).toEqual({ received: true, duplicate: true });
    // A late, out-of-order event says nothing we believe: the intent is still held.
    const stale = await webhook('payment_intent.canceled', intentId);
    expect(stale.statusCode).toBe(200);
    const another = await webhook('payment_intent.created', intentId);
    expect(another.statusCode).toBe(200);
    const after = await offerRow(offer.id);
    expect(after.status).toBe('pending');
    expect(after.updatedAt).toEqual(pending.updatedAt);
    expect(await newOfferMails()).toHaveLength(mailsBefore + 1);
    expect(
      await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_one')),
    ).toHaveLength(1);

    const unsigned = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.canceled' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.canceled' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('shows the declined card message and keeps the offer awaiting payment', async () => {
    const listing = await newListing();
    const { offer, clientSecret } = (
      await submit(producer, listing.id)
    ).json<CreateOfferResponse>();
    fake.confirm(intentIdOf(clientSecret), 'pm_card_chargeDeclined');
    const synced = await sync(producer, offer.id);
    expect(synced.json<Offer>()).toMatchObject({
      status: 'awaiting_payment',
      lastPaymentError: 'Your card was declined.',
    });
    fake.confirm(intentIdOf(clientSecret), 'pm_card_visa');
    expect((await sync(producer, offer.id)).json<Offer>().status).toBe('pending');
  });

  it('retries a failed authorise with the same key: one PaymentIntent', async () => {
    const listing = await newListing();
    fake.injectFault({ kind: 'error500', path: /^\/v1\/payment_intents$/ });
    const failed = await submit(producer, listing.id, { 'idempotency-key': 'stripe-k1' });
    expect(failed.statusCode).toBe(503);
    const retried = await submit(producer, listing.id, { 'idempotency-key': 'stripe-k1' });
    expect(retried.statusCode).toBe(201);
    const { offer } = retried.json<CreateOfferResponse>();
    const intents = [...fake.intents.values()].filter(
      (intent) => intent.metadata.offerId === String(offer.id),
    );
    expect(intents).toHaveLength(1);
  });

  it('captures once when the capture’s answer is lost, and reconciliation finishes the acceptance', async () => {
    const listing = await newListing();
    const chosen = await pendingOffer(producer, listing.id);
    const other = await pendingOffer(rival, listing.id);
    // Stripe captures, the answer is lost, and the SDK's own retry is cut too.
    fake.injectFault({ kind: 'drop-after', path: /\/capture$/ });
    fake.injectFault({ kind: 'drop', path: /\/capture$/ });
    const answer = await t.request({
      method: 'PATCH',
      url: `/api/offers/${chosen.id}/accept`,
      cookie: kit.cookie(agent),
    });
    expect(answer.statusCode).toBe(503);
    expect(fake.captureCounts.get(chosen.intent)).toBe(1);
    expect((await offerRow(chosen.id)).status).toBe('accepting');

    await reconcileOffers(t.app);
    expect((await offerRow(chosen.id)).status).toBe('accepted');
    expect(fake.captureCounts.get(chosen.intent)).toBe(1);
    expect((await offerRow(other.id)).status).toBe('rejected');
    expect(fake.intents.get(other.intent)?.status).toBe('canceled');
  });

  it('releases on reject even when the first release is cut off', async () => {
    const offer = await pendingOffer(producer, (await newListing()).id);
    fake.injectFault({ kind: 'drop', times: 2, path: /\/cancel$/ });
    const rejected = await t.request({
      method: 'PATCH',
      url: `/api/offers/${offer.id}/reject`,
      cookie: kit.cookie(agent),
    });
    expect(rejected.json<Offer>().status).toBe('rejected');
    expect(fake.intents.get(offer.intent)?.status).toBe('requires_capture');
    await reconcileOffers(t.app);
    expect(fake.intents.get(offer.intent)?.status).toBe('canceled');
  });

  it('expires an offer whose hold Stripe let lapse, by webhook or at acceptance', async () => {
    const byWebhook = await pendingOffer(producer, (await newListing()).id);
    fake.lapse(byWebhook.intent);
    await webhook('payment_intent.canceled', byWebhook.intent);
    expect((await offerRow(byWebhook.id)).status).toBe('expired');

    const atAccept = await pendingOffer(producer, (await newListing()).id);
    fake.lapse(atAccept.intent);
    const answer = await t.request({
      method: 'PATCH',
      url: `/api/offers/${atAccept.id}/accept`,
      cookie: kit.cookie(agent),
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(OFFER_MESSAGES.holdExpired);
    expect((await offerRow(atAccept.id)).status).toBe('expired');
    expect(fake.totalCaptures).toBe(1);
  });
});
