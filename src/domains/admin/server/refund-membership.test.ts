import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import type { UpgradeResponse } from '@/domains/membership/membership.schema';
import {
  membershipPayments,
  membershipSubscriptions,
} from '@/domains/membership/server/subscriptions.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('[ADMIN] refunding a premium membership within 14 days', () => {
  let t: TestApp;
  let adminCookie: string;

  const member = async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const { clientSecret } = (
      await t.request({ method: 'POST', url: '/api/membership/upgrade', cookie })
    ).json() as UpgradeResponse;
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
    return { user, cookie };
  };
  const refund = (userId: number, cookie: string) =>
    t.request({ method: 'POST', url: `/api/admin/users/${userId}/refund-membership`, cookie });

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signIn(t, (await createUser(t.db, { role: 'admin' })).id);
  });
  afterAll(() => t.close());

  it('refunds the £216 through the provider and returns the member to free', async () => {
    const { user } = await member();
    const [payment] = await t.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.userId, user.id));

    const response = await refund(user.id, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: user.id,
      membershipTier: 'free',
      refundedAmount: '216.00',
      receiptNumber: payment.receiptNumber,
    });

    const [intent] = await t.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, payment.providerPaymentId));
    expect(intent.amountRefundedPence).toBe(21_600);
    const [after] = await t.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.id, payment.id));
    expect(after.refundedAt).not.toBeNull();
    const [subscription] = await t.db
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.userId, user.id));
    expect(subscription).toMatchObject({ status: 'refunded', autoRenew: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ membershipTier: 'free', premiumExpiresAt: null });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.at(-1)?.subject).toBe('Your PageToScreen Premium membership has been refunded');

    // A second refund finds nothing to refund; the provider is not asked again.
    expect((await refund(user.id, adminCookie)).statusCode).toBe(409);
    const [unchanged] = await t.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, payment.providerPaymentId));
    expect(unchanged.amountRefundedPence).toBe(21_600);
  });

  it('refuses after 14 days with the guarantee’s message', async () => {
    const { user } = await member();
    // The admin acts 15 days after the payment (only the clock moves).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * DAY_MS });
    const response = await refund(user.id, adminCookie).finally(() => vi.useRealTimers());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Refunds are only available within 14 days of the first payment',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.membershipTier).toBe('premium');
  });

  it('is for admins only', async () => {
    const { user, cookie } = await member();
    expect((await refund(user.id, cookie)).statusCode).toBe(403);
    const agent = await createUser(t.db, { role: 'agent' });
    expect((await refund(user.id, await signIn(t, agent.id))).statusCode).toBe(403);
    expect((await refund(user.id, '')).statusCode).toBe(401);
    expect((await refund(987654, adminCookie)).statusCode).toBe(404);
    const free = await createUser(t.db);
    expect((await refund(free.id, adminCookie)).statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.membershipTier).toBe('premium');
  });
});
