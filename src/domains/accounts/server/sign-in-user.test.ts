import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { CurrentUserSchema } from '../accounts.schema';
import { users } from './accounts.tables';
import { sessions } from '@/server/plugins/session.tables';
import { freshIp } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postLogin = (
  payload: unknown,
  extra: { cookie?: string; headers?: Record<string, string> } = {},
) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    remoteAddress: freshIp(),
    ...extra,
  });

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('[ACCOUNTS] sign-in, sessions and sign-out', () => {
  it('signs in with the right password, answers the current user and sets a safe cookie', async () => {
    const user = await createUser(t.db, { email: 'Reader@Example.test', companyName: 'Reel Co' });
    const response = await postLogin({ email: 'reader@example.TEST', password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(CurrentUserSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      id: user.id,
      email: 'Reader@Example.test',
      companyName: 'Reel Co',
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(body.lastLoginAt).toEqual(expect.any(String));

    const cookie = response.cookies.find((c) => c.name === 'pts_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await t.request({
      method: 'GET',
      url: '/api/auth/user',
      cookie: cookieOf(response),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLoginAt).toBeInstanceOf(Date);
  });

  it('answers one generic 401 for an unknown email and for a wrong password', async () => {
    const user = await createUser(t.db);
    const unknown = await postLogin({
      email: 'nobody@example.test',
      password: 'whatever-password',
    });
    const wrong = await postLogin({ email: user.email, password: 'not-the-password' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Invalid email or password',
        code: 'UNAUTHENTICATED',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses an unverified account with a reason and a resend action', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: null });
    const response = await postLogin({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Please verify your email before logging in.',
      code: 'FORBIDDEN',
      reason: 'email_not_verified',
      canResend: true,
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a suspended account', async () => {
    const user = await createUser(t.db, { suspendedAt: new Date() });
    const response = await postLogin({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: 'Your account has been suspended. Please contact support.',
      reason: 'account_suspended',
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('gives a fresh session id at every sign-in and retires the one it replaces', async () => {
    const user = await createUser(t.db);
    const first = await postLogin({ email: user.email, password: user.password });
    const firstCookie = cookieOf(first);
    const second = await postLogin(
      { email: user.email, password: user.password },
      { cookie: firstCookie },
    );
    expect(second.statusCode).toBe(200);
    const secondCookie = cookieOf(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/user', cookie: firstCookie })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/user', cookie: secondCookie })).statusCode,
    ).toBe(200);
  });

  it('signs out: 204, the session is gone and the cookie cleared', async () => {
    const user = await createUser(t.db);
    const cookie = await login(t, user.email, user.password);
    const response = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'pts_session');
    expect(cleared?.value).toBe('');
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
      401,
    );
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers 401 for the current user when signed out or with a forged cookie', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await t.request({
      method: 'GET',
      url: '/api/auth/user',
      cookie: 'pts_session=abc.def',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('signs out a user who is suspended while signed in', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
      401,
    );
  });

  it.each([
    [
      'invalid email',
      { email: 'nope', password: 'x' },
      'email',
      'Please enter a valid email address',
    ],
    ['missing email', { password: 'x' }, 'email', 'Email is required'],
    ['missing password', { email: 'a@example.test' }, 'password', 'Password is required'],
    [
      'empty password',
      { email: 'a@example.test', password: '' },
      'password',
      'Password is required',
    ],
    [
      'oversized password',
      { email: 'a@example.test', password: 'p'.repeat(5000) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      'password as a number',
      { email: 'a@example.test', password: 12345678 },
      'password',
      'Password is required',
    ],
  ])('validates sign-in: %s', async (_name, payload, field, message) => {
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('[ACCOUNTS] cross-site request protection on sign-in', () => {
  it('refuses a sign-in posted from another site (Origin)', async () => {
    const user = await createUser(t.db);
    const response = await postLogin(
      { email: user.email, password: user.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Cross-site request refused',
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a sign-in the browser marks as cross-site (Sec-Fetch-Site)', async () => {
    const user = await createUser(t.db);
    const response = await postLogin(
      { email: user.email, password: user.password },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
  });

  it("accepts the app's own origin, from the browser or from a script", async () => {
    const user = await createUser(t.db);
    const browser = await postLogin(
      { email: user.email, password: user.password },
      { headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' } },
    );
    expect(browser.statusCode).toBe(200);
    const script = await postLogin(
      { email: user.email, password: user.password },
      { headers: { origin: t.config.publicUrl } },
    );
    expect(script.statusCode).toBe(200);
    // The script then uses its session cookie with the same Origin header.
    const logout = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookie: cookieOf(script),
    });
    expect(logout.statusCode).toBe(204);
  });

  it('refuses a cross-site sign-out, so another site cannot end a session', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
      200,
    );
  });
});
