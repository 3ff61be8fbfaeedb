import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { emailTokens, users } from './accounts.tables';
import {
  consumeEmailToken,
  createEmailToken,
  EMAIL_TOKEN_TTL_MS,
  hashEmailToken,
} from './email-tokens';
import {
  freshIp,
  mailsTo,
  producerSignUp,
  settleMail,
  tokenFromMail,
  waitForMail,
} from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID = 'This verification link is invalid or has expired. Please request a new one.';
const RESENT =
  'If an account with that email needs verifying, a new verification link has been sent.';

async function registerAndGetToken(): Promise<{ email: string; password: string; token: string }> {
  const body = producerSignUp();
  await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: freshIp(),
  });
  const mail = await waitForMail(t.db, body.email, 'Verify your email');
  return {
    email: body.email,
    password: body.password,
    token: tokenFromMail(mail, '/verify-email'),
  };
}

const verify = (token: string) => t.request({ method: 'GET', url: `/api/auth/verify/${token}` });
const resend = (email: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/auth/resend-verification',
    payload: { email } as object,
    remoteAddress: freshIp(),
  });
const loginStatus = async (email: string, password: string) =>
  (
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: freshIp(),
    })
  ).statusCode;

describe('[ACCOUNTS] email verification', () => {
  it('verifies with the emailed link, then the user can sign in', async () => {
    const { email, password, token } = await registerAndGetToken();
    expect(await loginStatus(email, password)).toBe(403);
    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Email verified! You can now log in to your account.',
    });
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('stores only the hash of the token, valid for 24 hours', async () => {
    const { email, token } = await registerAndGetToken();
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
    expect(row.purpose).toBe('verify_email');
    expect(row.email).toBe(email);
    expect(row.tokenHash).not.toContain(token);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 24 * 60 * 60 * 1000)).toBeLessThan(60_000);
  });

  it('works once only', async () => {
    const { token } = await registerAndGetToken();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID });
  });

  it('refuses an expired link', async () => {
    const { email, password, token } = await registerAndGetToken();
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVALID);
    expect(await loginStatus(email, password)).toBe(403);
  });

  it('expires exactly at 24 hours (injected clock)', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: null });
    const issuedAt = new Date('2030-01-01T00:00:00Z');
    const token = await createEmailToken(t.db, {
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
      now: issuedAt,
    });
    const justAfter = new Date(issuedAt.getTime() + EMAIL_TOKEN_TTL_MS.verify_email);
    expect(
      await consumeEmailToken(t.db, { token, purpose: 'verify_email', now: justAfter }),
    ).toBeNull();
    const justBefore = new Date(justAfter.getTime() - 1);
    expect(
      await consumeEmailToken(t.db, { token, purpose: 'verify_email', now: justBefore }),
    ).toEqual({
      userId: user.id,
      email: user.email,
    });
    // A reset token is not a verification token.
    const reset = await createEmailToken(t.db, {
      userId: user.id,
      purpose: 'reset_password',
      email: user.email,
    });
    expect((await verify(reset)).statusCode).toBe(400);
  });

  it('refuses unknown, malformed and oversized tokens with 400', async () => {
    for (const token of ['nope', 'a'.repeat(43), encodeURIComponent('../../etc'), 'x'.repeat(99)]) {
      const response = await verify(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().message).toBe(INVALID);
    }
    // Long parameters reach the route's schema (maxParamLength in app.ts): our 400, no 500.
    const oversized = await verify('x'.repeat(500));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('resends a new link to an unverified account; the old one stops working', async () => {
    const { email, token: first } = await registerAndGetToken();
    const response = await resend(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESENT });
    await settleMail();
    const [latest] = await mailsTo(t.db, email);
    const second = tokenFromMail(latest, '/verify-email');
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('answers resend identically for unknown, verified and unverified addresses', async () => {
    const verified = await createUser(t.db);
    const { email: unverified } = await registerAndGetToken();
    const answers = await Promise.all(
      ['ghost@example.test', verified.email, unverified].map(async (email) => {
        const response = await resend(email);
        return { status: response.statusCode, body: response.json(), cookies: response.cookies };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await settleMail();
    expect(await mailsTo(t.db, 'ghost@example.test')).toHaveLength(0);
    expect(await mailsTo(t.db, verified.email)).toHaveLength(0);
    expect(await mailsTo(t.db, unverified)).toHaveLength(2);
  });

  it.each([
    ['missing', undefined, 'Email is required'],
    ['blank', '   ', 'Email is required'],
    ['oversized', `${'x'.repeat(260)}@example.test`, 'Email must be at most 254 characters'],
    ['not text', 42, 'Email is required'],
  ])('validates resend: %s email', async (_name, email, message) => {
    const response = await resend(email);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe(message);
  });

  it('applies a changed email only when the new address is verified', async () => {
    const user = await createUser(t.db, { email: 'old.address@example.test' });
    const [row] = await t.db
      .update(users)
      .set({ pendingEmail: 'new.address@example.test' })
      .where(eq(users.id, user.id))
      .returning();
    const token = await createEmailToken(t.db, {
      userId: row.id,
      purpose: 'verify_email',
      email: 'new.address@example.test',
    });
    expect((await verify(token)).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after.email).toBe('new.address@example.test');
    expect(after.pendingEmail).toBeNull();
  });

  it('refuses a link for an address the user no longer wants', async () => {
    const user = await createUser(t.db);
    const stale = await createEmailToken(t.db, {
      userId: user.id,
      purpose: 'verify_email',
      email: 'abandoned@example.test',
    });
    expect((await verify(stale)).statusCode).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after.email).toBe(user.email);
  });

  it('refuses to apply a new address another account took meanwhile', async () => {
    const user = await createUser(t.db);
    await t.db
      .update(users)
      .set({ pendingEmail: 'contested@example.test' })
      .where(eq(users.id, user.id));
    const token = await createEmailToken(t.db, {
      userId: user.id,
      purpose: 'verify_email',
      email: 'contested@example.test',
    });
    await createUser(t.db, { email: 'Contested@example.test' });
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('That email address is already in use');
    const owners = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'contested@example.test'`);
    expect(owners).toHaveLength(1);
  });
});
