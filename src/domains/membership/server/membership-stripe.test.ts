import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import {
  signedEvent,
  startFakeStripeBilling,
  type FakeStripeBilling,
} from '../../../../tests/helpers/fake-stripe-billing';
import { users } from '@/domains/accounts/server/accounts.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import type { MembershipStatus, UpgradeResponse } from '../membership.schema';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

const WEBHOOK_SECRET = 'whsec_test_membership';

describe('[MEMBERSHIP] the Stripe subscription path', () => {
  let t: TestApp;
  let stripe: FakeStripeBilling;

  const deliver = async (type: string, object: { id: string }, eventId?: string) => {
    const { payload, headers } = signedEvent(WEBHOOK_SECRET, type, object, eventId);
    return t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers,
    });
  };
  const status = async (cookie: string) =>
    (
      await t.request({ method: 'GET', url: '/api/membership/status', cookie })
    ).json() as MembershipStatus;
  const paymentsOf = (userId: number) =>
    t.db.select().from(membershipPayments).where(eq(membershipPayments.userId, userId));
  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const userRow = async (userId: number) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0];

  /** A producer who opened Stripe Checkout and paid on the hosted page. */
  const subscribe = async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const started = await t.request({ method: 'POST', url: '/api/membership/upgrade', cookie });
    expect(started.statusCode).toBe(200);
    const checkout = started.json() as UpgradeResponse;
    const subscription = stripe.completeCheckout(checkout.subscriptionId);
    const delivered = await deliver('checkout.session.completed', {
      id: checkout.subscriptionId,
    });
    expect(delivered.statusCode).toBe(200);
    return { user, cookie, checkout, subscription };
  };

  beforeAll(async () => {
    stripe = await startFakeStripeBilling();
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_membership',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_membership',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.apiBase,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('sends the producer to a yearly £216 Stripe Checkout and changes nothing yet', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const started = await t.request({ method: 'POST', url: '/api/membership/upgrade', cookie });
    expect(started.statusCode).toBe(200);
    const checkout = started.json() as UpgradeResponse;
    expect(checkout.clientSecret).toBeNull();
    expect(checkout.subscriptionId).toMatch(/^cs_test_/);
    expect(checkout.checkoutUrl).toBe(`${stripe.apiBase}/c/pay/${checkout.subscriptionId}`);

    const session = stripe.sessions.get(checkout.subscriptionId)!;
    expect(session.success_url).toBe(
      `http://localhost:3000/payment-success?session_id=${checkout.subscriptionId}`,
    );
    expect(session.cancel_url).toBe('http://localhost:3000/upgrade');
    expect(session.line_items).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '21600',
          tax_behavior: 'inclusive',
          recurring: { interval: 'year' },
          product_data: { name: 'PageToScreen Premium membership' },
        },
      },
    ]);
    expect(session.metadata).toMatchObject({ kind: 'membership', userId: String(user.id) });

    // Coming back to /payment-success?session_id=... without paying changes nothing.
    expect((await status(cookie)).tier).toBe('free');
    // Nor does a (signed) completion event for a session Stripe says is still unpaid.
    await deliver('checkout.session.completed', { id: checkout.subscriptionId });
    expect((await status(cookie)).tier).toBe('free');

    // A second click offers the same open checkout.
    const again = await t.request({ method: 'POST', url: '/api/membership/upgrade', cookie });
    expect((again.json() as UpgradeResponse).subscriptionId).toBe(checkout.subscriptionId);
  });

  it('starts premium when Stripe says the checkout is paid, with one receipt', async () => {
    const { user, cookie, subscription } = await subscribe();
    const premium = await status(cookie);
    expect(premium.tier).toBe('premium');
    const periodEnd = new Date(subscription.items.data[0].current_period_end * 1000);
    expect(premium.premiumExpiresAt).toBe(periodEnd.toISOString());

    const [row] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'active',
      providerSubscriptionId: subscription.id,
      customerId: subscription.customer,
      nextRenewalAttemptAt: null,
    });
    const payments = await paymentsOf(user.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: 'initial', grossPence: 21_600, vatPence: 3_600 });
    expect(payments[0].providerPaymentId).toMatch(/^pi_/);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('£216.00');
  });

  it('changes nothing twice for duplicated or late webhooks', async () => {
    const { user, cookie, checkout, subscription } = await subscribe();
    const expiry = (await status(cookie)).premiumExpiresAt;
    const eventId = 'evt_duplicate_delivery';
    const first = await deliver(
      'checkout.session.completed',
      { id: checkout.subscriptionId },
      eventId,
    );
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const duplicate = await deliver(
      'checkout.session.completed',
      { id: checkout.subscriptionId },
      eventId,
    );
    expect(duplicate.json()).toEqual({ received: true, duplicate: true });
    // invoice.paid for the same first invoice arrives late, under its own event id.
    await deliver('invoice.paid', { id: subscription.latest_invoice });
    await deliver('customer.subscription.updated', { id: subscription.id });

    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await status(cookie)).premiumExpiresAt).toBe(expiry);
  });

  it('refuses webhooks without a valid signature', async () => {
    const { payload, headers } = signedEvent('whsec_someone_else', 'invoice.paid', {
      id: 'in_forged',
    });
    const forged = await t.request({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('extends premium by a year when the renewal invoice is paid', async () => {
    const { user, cookie, subscription } = await subscribe();
    const firstInvoice = subscription.latest_invoice;
    const renewal = stripe.renew(subscription.id);
    await deliver('invoice.paid', { id: renewal.id });
    await deliver('invoice.paid', { id: renewal.id });

    const renewedUntil = new Date(renewal.lines.data[0].period.end * 1000);
    expect((await status(cookie)).premiumExpiresAt).toBe(renewedUntil.toISOString());
    const payments = await paymentsOf(user.id);
    expect(payments.map((payment) => payment.kind)).toEqual(['initial', 'renewal']);
    expect(await mailsTo(user.email)).toHaveLength(2);

    // The first invoice's notification arriving now cannot shorten the membership.
    await deliver('invoice.paid', { id: firstInvoice });
    expect((await status(cookie)).premiumExpiresAt).toBe(renewedUntil.toISOString());
  });

  it('marks a failed renewal past due, emails the member, and ends premium when Stripe cancels', async () => {
    const { user, cookie, subscription } = await subscribe();
    const failed = stripe.renew(subscription.id, { fail: true });
    await deliver('invoice.payment_failed', { id: failed.id });

    const [row] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(row.status).toBe('past_due');
    expect((await status(cookie)).tier).toBe('premium');
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)?.subject).toBe('We could not renew your PageToScreen Premium membership');

    stripe.cancel(subscription.id, 'payment_failed');
    await deliver('customer.subscription.deleted', { id: subscription.id });
    expect(await userRow(user.id)).toMatchObject({
      membershipTier: 'free',
      premiumExpiresAt: null,
    });
    expect((await status(cookie)).tier).toBe('free');
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe(
      'Your PageToScreen Premium membership has ended',
    );
  });

  it('turns renewal off on Stripe with cancel at period end', async () => {
    const { cookie, subscription } = await subscribe();
    const off = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie,
      payload: { autoRenew: false },
    });
    expect(off.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await status(cookie)).toMatchObject({ tier: 'premium', autoRenew: false });
  });

  it('refunds through Stripe and cancels the subscription within 14 days', async () => {
    const { user, subscription } = await subscribe();
    const admin = await createUser(t.db, { role: 'admin' });
    const response = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/refund-membership`,
      cookie: await signIn(t, admin.id),
    });
    expect(response.statusCode).toBe(200);
    const [payment] = await paymentsOf(user.id);
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: payment.providerPaymentId, amount: 21_600 }),
    );
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe('canceled');
    expect((await userRow(user.id)).membershipTier).toBe('free');

    // Stripe then reports the cancellation: nothing more happens.
    await deliver('customer.subscription.deleted', { id: subscription.id });
    const [row] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(row.status).toBe('refunded');
  });
});
