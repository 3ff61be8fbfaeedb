import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../tests/helpers/test-app';
import { SESSION_COOKIE } from '@/server/plugins/session';

/** Signs in through the API and returns the session cookie the answer set. */
async function sessionCookieOf(t: TestApp, headers: Record<string, string> = {}) {
  const user = await createUser(t.db);
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: t.config.publicUrl, ...headers },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!;
}

describe('[PLATFORM] the session cookie is Secure when the site is served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://pagetoscreen.example' } });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure even when the request reached us over plain http', async () => {
    // A TLS-terminating proxy that does not say so (no TRUST_PROXY) still serves https.
    const cookie = await sessionCookieOf(t);
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });
});

describe('[PLATFORM] the session cookie is not Secure when the site is served over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('leaves Secure off whatever protocol the request claims', async () => {
    // An http PUBLIC_URL (local development): a Secure cookie would never come back.
    const cookie = await sessionCookieOf(t, { 'x-forwarded-proto': 'https' });
    expect(cookie.secure).not.toBe(true);
  });
});

describe('[PLATFORM] signed-in API answers are never stored by caches', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    cookie = await signIn(t, user.id);
  });
  afterAll(() => t.close());

  it('answers no-store to a signed-in request', async () => {
    for (const url of ['/api/auth/user', '/api/public/stats', '/api/listings/featured']) {
      const response = await t.request({ method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers no-store to a signed-in request that fails', async () => {
    const response = await t.request({ method: 'GET', url: '/api/listings/999999', cookie });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the public caching of the home page figures for signed-out visitors', async () => {
    for (const url of ['/api/public/stats', '/api/listings/featured']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('public, max-age=300');
    }
  });
});

describe('[PLATFORM] the public agent count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'pending' });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'rejected' });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: null });
    await createUser(t.db, { role: 'producer' });
  });
  afterAll(() => t.close());

  it('counts approved agents only, not applicants', async () => {
    const response = await t.request({ method: 'GET', url: '/api/public/stats' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ agents: 2 });
  });
});
