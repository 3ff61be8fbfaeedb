import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { CreateOfferResponse, Offer } from '@/domains/offers/offers.schema';
import { addMonths } from '@/shared/dates';
import { startFakeStripe, type FakeStripe } from '../../../../tests/helpers/fake-stripe';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type { OptionPaymentStart } from '../options.schema';
import { options } from './options.tables';

const WEBHOOK_SECRET = 'whsec_test';
const stripe = new Stripe('sk_test_x');

let fake: FakeStripe;
let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;

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
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 18 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer);
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.stop();
});

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

function webhook(type: string, intentId: string) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
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

const post = (who: UserRow, url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, cookie: kit.cookie(who), payload });

/** A deal on Stripe: hold confirmed, the agent's terms accepted (captured), both signed. */
async function sealedOption() {
  const listing = await insertListing(t.db, { agentId: agent.id, title: 'Glass Harbour' });
  const created = await kit.submit(producer, await kit.offerBody(producer, listing.id));
  const { offer, clientSecret } = created.json<CreateOfferResponse>();
  fake.confirm(intentIdOf(clientSecret));
  expect((await post(producer, `/api/offers/${offer.id}/sync`)).json<Offer>().status).toBe(
    'pending',
  );
  const terms = { offerPrice: '40000', optionPeriod: 18, extensionMonths: 6, extensionFee: '2500' };
  expect((await post(agent, `/api/offers/${offer.id}/counter`, terms)).statusCode).toBe(200);
  expect((await post(producer, `/api/offers/${offer.id}/accept-counter`)).statusCode).toBe(200);
  for (const who of [producer, agent]) {
    const signed = await post(who, `/api/offers/${offer.id}/agreement/sign`, {
      fullName: 'Alex Example',
      consent: true,
    });
    expect(signed.statusCode).toBe(200);
  }
  const [option] = await t.db.select().from(options).where(eq(options.offerId, offer.id));
  expect(option).toBeDefined();
  return option;
}

describe('[OPTIONS] extension payments on Stripe (against a Stripe-shaped server)', () => {
  it('authorises with our key, captures on the webhook once, and a repeated webhook changes nothing', async () => {
    const option = await sealedOption();
    const started = await post(producer, `/api/options/${option.id}/extension`);
    expect(started.statusCode).toBe(200);
    const { clientSecret, paymentId } = started.json<OptionPaymentStart>();
    const intentId = intentIdOf(clientSecret!);
    expect(fake.intents.get(intentId)).toMatchObject({
      amount: 250_000,
      capture_method: 'manual',
      metadata: { kind: 'option', optionId: String(option.id), optionPaymentId: String(paymentId) },
    });
    const create = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.startsWith('option:'),
    );
    expect(create?.idempotencyKey).toBe(`option:${option.id}:extension:1:authorise`);

    fake.confirm(intentId);
    expect((await webhook('payment_intent.amount_capturable_updated', intentId)).statusCode).toBe(
      200,
    );
    expect((await webhook('payment_intent.amount_capturable_updated', intentId)).statusCode).toBe(
      200,
    );
    expect(fake.intents.get(intentId)?.status).toBe('succeeded');
    const captures = fake.requests.filter(
      (r) => r.path === `/v1/payment_intents/${intentId}/capture`,
    );
    expect(new Set(captures.map((r) => r.idempotencyKey))).toEqual(
      new Set([`option:${option.id}:extension:1:capture`]),
    );
    const [row] = await t.db.select().from(options).where(eq(options.id, option.id));
    expect(row.endsAt).toEqual(addMonths(option.endsAt, 6));
    expect(row.extensionsTaken).toBe(1);
  });

  it('with no webhook yet, the browser asking again after the card step settles it', async () => {
    const option = await sealedOption();
    const started = await post(producer, `/api/options/${option.id}/extension`);
    const { clientSecret } = started.json<OptionPaymentStart>();
    fake.confirm(intentIdOf(clientSecret!));
    const again = await post(producer, `/api/options/${option.id}/extension`);
    expect(again.statusCode).toBe(200);
    expect(again.json<OptionPaymentStart>()).toMatchObject({
      paid: true,
      option: { extensionsTaken: 1 },
    });
  });
});
