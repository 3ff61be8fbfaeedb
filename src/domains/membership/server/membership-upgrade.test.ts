import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users } from '@/domains/accounts/server/accounts.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { localPaymentIntents } from '@/domains/payments/server/payments.tables';
import type {
  AutoRenewResponse,
  CheckoutSession,
  MembershipStatus,
  UpgradeResponse,
} from '../membership.schema';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
};

describe('[MEMBERSHIP] upgrading to premium with the local provider', () => {
  let t: TestApp;

  const freeProducer = async () => {
    const user = await createUser(t.db);
    return { user, cookie: await signIn(t, user.id) };
  };
  const upgrade = (cookie: string) =>
    t.request({ method: 'POST', url: '/api/membership/upgrade', cookie });
  const pay = (cookie: string, clientSecret: string, card: string) =>
    t.request({
      method: 'POST',
      url: '/api/payments/local/confirm',
      cookie,
      payload: { clientSecret, cardNumber: card, expMonth: 12, expYear: 2040, cvc: '123' },
    });
  const status = async (cookie: string) => {
    const response = await t.request({ method: 'GET', url: '/api/membership/status', cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as MembershipStatus;
  };
  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('turns a free producer premium for a year once the 4242 card pays £216', async () => {
    const { user, cookie } = await freeProducer();
    const started = await upgrade(cookie);
    expect(started.statusCode).toBe(200);
    const checkout = started.json() as UpgradeResponse;
    expect(checkout.subscriptionId).toMatch(/^cs_local_/);
    expect(checkout.checkoutUrl).toBe(`/checkout/${checkout.subscriptionId}`);
    expect(checkout.clientSecret).toEqual(expect.any(String));

    // Opening a checkout changes nothing: premium starts only when the money arrives.
    expect((await status(cookie)).tier).toBe('free');
    const session = await t.request({
      method: 'GET',
      url: `/api/membership/checkout/${checkout.subscriptionId}`,
      cookie,
    });
    expect(session.json()).toEqual({
      sessionId: checkout.subscriptionId,
      status: 'open',
      clientSecret: checkout.clientSecret,
      price: { net: '180.00', vat: '36.00', gross: '216.00', vatRatePercent: 20 },
    } satisfies CheckoutSession);

    const before = Date.now();
    const paid = await pay(cookie, checkout.clientSecret!, CARDS.ok);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });

    const premium = await status(cookie);
    expect(premium.tier).toBe('premium');
    expect(premium.autoRenew).toBe(true);
    expect(premium.features.monthlyListingViews).toBe('unlimited');
    const expiresAt = new Date(premium.premiumExpiresAt!).getTime();
    const aYear = 365 * 24 * 60 * 60 * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + aYear - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + aYear + 24 * 60 * 60 * 1000);

    const [payment] = await t.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.userId, user.id));
    expect(payment).toMatchObject({
      kind: 'initial',
      netPence: 18_000,
      vatPence: 3_600,
      grossPence: 21_600,
    });
    expect(payment.receiptNumber).toMatch(/^PTS-\d{4}-\d{6}$/);
    const [subscription] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(subscription.status).toBe('active');
    expect(subscription.paymentMethodId).toMatch(/^pm_local_4242_/);

    const [receipt] = await mailsTo(user.email);
    expect(receipt.subject).toContain(payment.receiptNumber);
    for (const line of [
      'PageToScreen Ltd',
      'VAT number',
      payment.receiptNumber,
      '£180.00',
      'VAT at 20%',
      '£36.00',
      '£216.00',
    ]) {
      expect(receipt.text).toContain(line);
    }

    const again = await upgrade(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You already have a premium membership' });
    const paidPage = await t.request({
      method: 'GET',
      url: `/api/membership/checkout/${checkout.subscriptionId}`,
      cookie,
    });
    expect(paidPage.json()).toMatchObject({ status: 'paid', clientSecret: null });
  });

  it('applies a payment once however often it is confirmed', async () => {
    const { user, cookie } = await freeProducer();
    const { clientSecret } = (await upgrade(cookie)).json() as UpgradeResponse;
    expect((await pay(cookie, clientSecret!, CARDS.ok)).statusCode).toBe(200);
    const expiry = (await status(cookie)).premiumExpiresAt;
    expect((await pay(cookie, clientSecret!, CARDS.ok)).statusCode).toBe(200);

    expect((await status(cookie)).premiumExpiresAt).toBe(expiry);
    const payments = await t.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.userId, user.id));
    expect(payments).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('leaves the producer free with the card provider’s message when 0002 or 9995 is used', async () => {
    const { user, cookie } = await freeProducer();
    const { clientSecret } = (await upgrade(cookie)).json() as UpgradeResponse;

    const declined = await pay(cookie, clientSecret!, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    expect((await status(cookie)).tier).toBe('free');

    const poor = await pay(cookie, clientSecret!, CARDS.insufficientFunds);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    expect((await status(cookie)).tier).toBe('free');
    expect(await mailsTo(user.email)).toHaveLength(0);

    // The same checkout can be paid with another card.
    expect((await pay(cookie, clientSecret!, CARDS.ok)).statusCode).toBe(200);
    expect((await status(cookie)).tier).toBe('premium');
  });

  it('offers the same checkout again instead of a second payment', async () => {
    const { user, cookie } = await freeProducer();
    const first = (await upgrade(cookie)).json() as UpgradeResponse;
    const second = (await upgrade(cookie)).json() as UpgradeResponse;
    expect(second).toEqual(first);
    const [both] = await Promise.all([upgrade(cookie), upgrade(cookie)]);
    expect(both.json()).toEqual(first);
    const rows = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    const intents = await t.db.select().from(localPaymentIntents);
    expect(intents.filter((intent) => intent.metadata.userId === String(user.id))).toHaveLength(1);
  });

  it('changes nothing when the success page is reached without paying', async () => {
    const { user, cookie } = await freeProducer();
    const { subscriptionId } = (await upgrade(cookie)).json() as UpgradeResponse;
    // What /payment-success?session_id=... does: read the status (and the checkout).
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await status(cookie)).tier).toBe('free');
    }
    const session = await t.request({
      method: 'GET',
      url: `/api/membership/checkout/${subscriptionId}`,
      cookie,
    });
    expect(session.json()).toMatchObject({ status: 'open' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.membershipTier).toBe('free');
    expect(row.premiumExpiresAt).toBeNull();
  });

  it('keeps checkouts private to the producer who opened them', async () => {
    const { cookie } = await freeProducer();
    const { subscriptionId, clientSecret } = (await upgrade(cookie)).json() as UpgradeResponse;
    const other = await freeProducer();
    const peek = await t.request({
      method: 'GET',
      url: `/api/membership/checkout/${subscriptionId}`,
      cookie: other.cookie,
    });
    expect(peek.statusCode).toBe(404);
    expect((await pay(other.cookie, clientSecret!, CARDS.ok)).statusCode).toBe(403);
    expect((await status(other.cookie)).tier).toBe('free');
  });

  it('tells a checkout result only to the signed-in producer who opened it (issue 10)', async () => {
    // What /payment-success?session_id=... reads before it says a payment went through.
    const readCheckout = (sessionId: string, cookie?: string) =>
      t.request({ method: 'GET', url: `/api/membership/checkout/${sessionId}`, cookie });
    const { cookie } = await freeProducer();
    const { subscriptionId, clientSecret } = (await upgrade(cookie)).json() as UpgradeResponse;
    expect((await pay(cookie, clientSecret!, CARDS.ok)).statusCode).toBe(200);
    expect((await readCheckout(subscriptionId, cookie)).json()).toMatchObject({ status: 'paid' });

    const signedOut = await readCheckout(subscriptionId);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const other = await freeProducer();
    for (const sessionId of [subscriptionId, 'cs_local_made-up-session-id']) {
      const response = await readCheckout(sessionId, other.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Checkout not found', code: 'NOT_FOUND' });
      expect(response.body).not.toContain('216');
    }
    expect((await readCheckout('cs_local_made-up-session-id', cookie)).statusCode).toBe(404);
  });

  it('lets only signed-in producers upgrade', async () => {
    expect((await upgrade('')).statusCode).toBe(401);
    for (const role of ['agent', 'admin']) {
      const user = await createUser(t.db, { role });
      const response = await upgrade(await signIn(t, user.id));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Only producers can upgrade to Premium' });
    }
    const granted = await createUser(t.db, { membershipTier: 'premium' });
    expect((await upgrade(await signIn(t, granted.id))).statusCode).toBe(409);
    // A premium year that has run out may be bought again.
    const lapsed = await createUser(t.db, {
      membershipTier: 'premium',
      premiumExpiresAt: new Date(Date.now() - 60_000),
    });
    expect((await upgrade(await signIn(t, lapsed.id))).statusCode).toBe(200);
  });

  it('lets a member turn automatic renewal off and keep premium until it expires', async () => {
    const { cookie } = await freeProducer();
    const { clientSecret } = (await upgrade(cookie)).json() as UpgradeResponse;
    await pay(cookie, clientSecret!, CARDS.ok);
    const expiry = (await status(cookie)).premiumExpiresAt;

    const off = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie,
      payload: { autoRenew: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      autoRenew: false,
      premiumExpiresAt: expiry,
    } satisfies AutoRenewResponse);
    expect(await status(cookie)).toMatchObject({
      tier: 'premium',
      autoRenew: false,
      premiumExpiresAt: expiry,
    });

    const on = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie,
      payload: { autoRenew: true },
    });
    expect(on.json()).toMatchObject({ autoRenew: true });

    const free = await freeProducer();
    const nothing = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie: free.cookie,
      payload: { autoRenew: false },
    });
    expect(nothing.statusCode).toBe(409);
    const invalid = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie,
      payload: { autoRenew: 'sometimes' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
