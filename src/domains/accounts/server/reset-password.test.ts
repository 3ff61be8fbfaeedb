import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { emailTokens, users } from './accounts.tables';
import { sessions } from '@/server/plugins/session.tables';
import { hashEmailToken } from './email-tokens';
import { verifyPassword } from './password';
import { freshIp, mailsTo, settleMail, tokenFromMail, waitForMail } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SENT = 'If an account with that email exists, a password reset link has been sent.';
const INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

const forgot = (email: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email } as object,
    remoteAddress: freshIp(),
  });
const reset = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: freshIp() });

async function resetToken(email: string): Promise<string> {
  await forgot(email);
  const mail = await waitForMail(t.db, email, 'Reset your');
  return tokenFromMail(mail, '/reset-password');
}

describe('[ACCOUNTS] forgotten password', () => {
  it('answers the same for a registered and an unknown address; only the owner gets a link', async () => {
    const user = await createUser(t.db);
    const known = await forgot(user.email);
    const unknown = await forgot('no-such-person@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: SENT });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const mail = await waitForMail(t.db, user.email, 'Reset your');
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mail.text).toContain('1 hour');
    await settleMail();
    expect(await mailsTo(t.db, 'no-such-person@example.test')).toHaveLength(0);
  });

  it('resets the password with the link, signs every device out and tells the owner', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(t, user.id);
    const laptop = await login(t, user.email, user.password);
    const token = await resetToken(user.email);

    const response = await reset({
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been reset. You can now log in with your new password.',
    });

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const cookie of [phone, laptop]) {
      expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
        401,
      );
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'brand-new-password')).toBe(true);
    await expect(login(t, user.email, user.password)).rejects.toThrow(/401/);
    await login(t, user.email, 'brand-new-password');
    const changed = await waitForMail(t.db, user.email, 'password was changed');
    expect(changed.text).toContain('PageToScreen');
  });

  it('stores the reset token hashed, valid for one hour', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
    expect(row.purpose).toBe('reset_password');
    expect(
      Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 60 * 60 * 1000),
    ).toBeLessThan(60_000);
  });

  it('works once only', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    expect(
      (
        await reset({
          token,
          password: 'first-new-password',
          confirmPassword: 'first-new-password',
        })
      ).statusCode,
    ).toBe(200);
    const again = await reset({
      token,
      password: 'second-new-password',
      confirmPassword: 'second-new-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID, fields: { token: INVALID } });
    await login(t, user.email, 'first-new-password');
  });

  it('refuses an expired link and leaves the password alone', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
    const response = await reset({
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVALID);
    await login(t, user.email, user.password);
  });

  it('only the newest link works', async () => {
    const user = await createUser(t.db);
    const first = await resetToken(user.email);
    await forgot(user.email);
    await settleMail();
    const [latest] = await mailsTo(t.db, user.email);
    const second = tokenFromMail(latest, '/reset-password');
    expect(second).not.toBe(first);
    expect(
      (
        await reset({
          token: first,
          password: 'brand-new-password',
          confirmPassword: 'brand-new-password',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await reset({
          token: second,
          password: 'brand-new-password',
          confirmPassword: 'brand-new-password',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a verification link is not a reset link', async () => {
    const response = await reset({
      token: 'a'.repeat(43),
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [
      'short password',
      { password: 'short', confirmPassword: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'mismatch',
      { confirmPassword: 'different-password' },
      'confirmPassword',
      "Passwords don't match",
    ],
    [
      'missing confirmation',
      { confirmPassword: undefined },
      'confirmPassword',
      'Please confirm your password',
    ],
    [
      'missing token',
      { token: undefined },
      'token',
      'This password reset link is invalid or has expired.',
    ],
    [
      'oversized token',
      { token: 'x'.repeat(1000) },
      'token',
      'This password reset link is invalid or has expired.',
    ],
    [
      'oversized password',
      { password: 'x'.repeat(200), confirmPassword: 'x'.repeat(200) },
      'password',
      'Password must be at most 128 characters',
    ],
  ])('validates reset: %s', async (_name, change, field, message) => {
    const response = await reset({
      token: 'a'.repeat(43),
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it.each([
    ['invalid', 'nope', 'Please enter a valid email address'],
    ['missing', undefined, 'Email is required'],
  ])('validates forgot password: %s email', async (_name, email, message) => {
    const response = await forgot(email);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe(message);
  });
});
