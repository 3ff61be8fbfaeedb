import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users } from '@/domains/accounts/server/accounts.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import type { MembershipStatus, UpgradeResponse } from '../membership.schema';
import { renewMemberships } from './renew-memberships';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

const DAY_MS = 24 * 60 * 60 * 1000;
const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('[MEMBERSHIP] yearly renewal with the local provider', () => {
  let t: TestApp;

  /** A producer who paid for premium through the real checkout, with card 4242 saved. */
  const member = async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const started = await t.request({ method: 'POST', url: '/api/membership/upgrade', cookie });
    const { clientSecret } = started.json() as UpgradeResponse;
    const paid = await t.request({
      method: 'POST',
      url: '/api/payments/local/confirm',
      cookie,
      payload: {
        clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      },
    });
    expect(paid.statusCode).toBe(200);
    const [subscription] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    return { user, cookie, subscription, periodEnd: subscription.currentPeriodEnd! };
  };
  const userRow = async (id: number) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const subscriptionRow = async (id: number) =>
    (
      await t.db.select().from(membershipSubscriptions).where(eq(membershipSubscriptions.id, id))
    )[0];
  const paymentsOf = (userId: number) =>
    t.db.select().from(membershipPayments).where(eq(membershipPayments.userId, userId));
  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  /** Renewal charges attempted for a subscription (the payments ledger). */
  const renewalCharges = (subscriptionId: number) =>
    t.db
      .select()
      .from(paymentLedger)
      .where(
        and(
          eq(paymentLedger.subject, `membership:${subscriptionId}`),
          like(paymentLedger.idempotencyKey, '%:renewal:%'),
        ),
      );
  const status = async (cookie: string) =>
    (
      await t.request({ method: 'GET', url: '/api/membership/status', cookie })
    ).json() as MembershipStatus;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('charges the saved card at the end of the year and extends premium by a year', async () => {
    const { user, subscription, periodEnd } = await member();
    // Not due yet: nothing happens a minute before the year ends.
    await renewMemberships(t.app, { now: after(periodEnd, -60_000) });
    expect(await paymentsOf(user.id)).toHaveLength(1);

    const summary = await renewMemberships(t.app, { now: after(periodEnd, 60_000) });
    expect(summary.renewed).toBeGreaterThanOrEqual(1);
    const renewedUntil = new Date(periodEnd);
    renewedUntil.setUTCFullYear(renewedUntil.getUTCFullYear() + 1);
    expect((await userRow(user.id)).premiumExpiresAt).toEqual(renewedUntil);
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: 'active',
      currentPeriodStart: periodEnd,
      currentPeriodEnd: renewedUntil,
      nextRenewalAttemptAt: renewedUntil,
    });
    const payments = await paymentsOf(user.id);
    expect(payments.map((payment) => [payment.kind, payment.grossPence])).toEqual([
      ['initial', 21_600],
      ['renewal', 21_600],
    ]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(payments[1].receiptNumber);
    expect(mails[1].text).toContain('renewed for another year');

    // Running again (another instance, a second tick) charges nothing more.
    await Promise.all([
      renewMemberships(t.app, { now: after(periodEnd, 120_000) }),
      renewMemberships(t.app, { now: after(periodEnd, 120_000) }),
    ]);
    expect(await paymentsOf(user.id)).toHaveLength(2);
    expect(await renewalCharges(subscription.id)).toHaveLength(1);
  });

  it('never charges twice when several instances run the job at the same moment', async () => {
    const { user, periodEnd } = await member();
    const now = after(periodEnd, 60_000);
    await Promise.all(Array.from({ length: 5 }, () => renewMemberships(t.app, { now })));
    expect(await paymentsOf(user.id)).toHaveLength(2);
  });

  it('retries a refused renewal daily for 7 days, then returns the member to free', async () => {
    const { user, cookie, subscription, periodEnd } = await member();
    // The saved card now declines (Stripe test card 0002, as an expired or cancelled card would).
    await t.db
      .update(membershipSubscriptions)
      .set({ paymentMethodId: 'pm_local_0002_expiredcard' })
      .where(eq(membershipSubscriptions.id, subscription.id));

    await renewMemberships(t.app, { now: after(periodEnd, 60_000) });
    const failed = await subscriptionRow(subscription.id);
    expect(failed).toMatchObject({ status: 'past_due', renewalAttempts: 1 });
    // Premium carries on while the card is retried.
    const deadline = after(periodEnd, 7 * DAY_MS);
    expect((await userRow(user.id)).premiumExpiresAt).toEqual(deadline);
    expect((await status(cookie)).tier).toBe('premium');
    const [, warning] = await mailsTo(user.email);
    expect(warning.subject).toBe('We could not renew your PageToScreen Premium membership');
    expect(warning.text).toContain('Your card was declined.');

    // One retry a day, each a new charge attempt; the member is told once.
    for (let day = 1; day <= 6; day += 1) {
      await renewMemberships(t.app, { now: after(periodEnd, day * DAY_MS + 120_000) });
    }
    expect((await subscriptionRow(subscription.id)).renewalAttempts).toBe(7);
    expect(await renewalCharges(subscription.id)).toHaveLength(7);
    expect(await mailsTo(user.email)).toHaveLength(2);
    expect((await userRow(user.id)).membershipTier).toBe('premium');

    await renewMemberships(t.app, { now: after(periodEnd, 7 * DAY_MS + 180_000) });
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await userRow(user.id)).toMatchObject({
      membershipTier: 'free',
      premiumExpiresAt: null,
    });
    expect((await status(cookie)).tier).toBe('free');
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(3);
    expect(mails[2].subject).toBe('Your PageToScreen Premium membership has ended');
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('recovers when a retry succeeds within the 7 days', async () => {
    const { user, subscription, periodEnd } = await member();
    const savedCard = subscription.paymentMethodId;
    await t.db
      .update(membershipSubscriptions)
      .set({ paymentMethodId: 'pm_local_9995_emptyaccount' })
      .where(eq(membershipSubscriptions.id, subscription.id));
    await renewMemberships(t.app, { now: after(periodEnd, 60_000) });
    expect((await subscriptionRow(subscription.id)).status).toBe('past_due');

    // The member's bank tops the card up: the next daily retry goes through.
    await t.db
      .update(membershipSubscriptions)
      .set({ paymentMethodId: savedCard })
      .where(eq(membershipSubscriptions.id, subscription.id));
    await renewMemberships(t.app, { now: after(periodEnd, DAY_MS + 120_000) });
    const renewedUntil = new Date(periodEnd);
    renewedUntil.setUTCFullYear(renewedUntil.getUTCFullYear() + 1);
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      status: 'active',
      renewalAttempts: 0,
      renewalFailedAt: null,
      currentPeriodEnd: renewedUntil,
    });
    expect((await userRow(user.id)).premiumExpiresAt).toEqual(renewedUntil);
  });

  it('returns the member to free at the end of the year when auto-renew is off', async () => {
    const { user, cookie, subscription, periodEnd } = await member();
    const off = await t.request({
      method: 'PATCH',
      url: '/api/membership/auto-renew',
      cookie,
      payload: { autoRenew: false },
    });
    expect(off.statusCode).toBe(200);

    await renewMemberships(t.app, { now: after(periodEnd, -60_000) });
    expect((await userRow(user.id)).membershipTier).toBe('premium');

    await renewMemberships(t.app, { now: after(periodEnd, 60_000) });
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await userRow(user.id)).toMatchObject({
      membershipTier: 'free',
      premiumExpiresAt: null,
    });
    expect(await renewalCharges(subscription.id)).toHaveLength(0);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)?.text).toContain('automatic renewal was off');
  });
});
