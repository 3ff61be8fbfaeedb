import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { AUTH_RATE_LIMITS } from './auth-rate-limits';
import { freshIp, producerSignUp } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Endpoint = 'register' | 'forgotPassword' | 'resendVerification';
const urls: Record<Endpoint, string> = {
  register: '/api/auth/register',
  forgotPassword: '/api/auth/forgot-password',
  resendVerification: '/api/auth/resend-verification',
};
const payloadFor = (endpoint: Endpoint, email: string) =>
  endpoint === 'register' ? producerSignUp({ email }) : { email };

const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  t.request({ method: 'POST', url, payload, remoteAddress, cookie });

/** The device cookie a successful sign-in sets, as a Cookie header. */
function deviceCookieOf(response: {
  statusCode: number;
  cookies: Array<{ name: string; value: string }>;
}): string {
  expect(response.statusCode).toBe(200);
  const device = response.cookies.find((cookie) => cookie.name === 'pts_device');
  if (!device) throw new Error('no device cookie after signing in');
  return `pts_device=${device.value}`;
}

function expectLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(
      /^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
    ),
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
}

describe('[ACCOUNTS] rate limits on sign-in', () => {
  it('has the limits the team agreed', () => {
    expect(AUTH_RATE_LIMITS.login).toEqual({
      perIp: { max: 20, timeWindowMs: 15 * 60 * 1000 },
      // Issue 10: per (account, IP), and per account only for browsers it never signed in on.
      perEmailAndIp: { max: 5, timeWindowMs: 15 * 60 * 1000 },
      perEmail: { max: 5, timeWindowMs: 15 * 60 * 1000 },
      perDevice: { max: 5, timeWindowMs: 15 * 60 * 1000 },
    });
  });

  it('locks an email after 5 failed attempts, from any address, even with the right password, for a browser that never signed in to it', async () => {
    const user = await createUser(t.db);
    const { max, timeWindowMs } = AUTH_RATE_LIMITS.login.perEmail;
    for (let i = 0; i < max; i += 1) {
      const wrong = await post(
        '/api/auth/login',
        { email: user.email, password: 'wrong-password' },
        freshIp(),
      );
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await post(
      '/api/auth/login',
      { email: user.email.toUpperCase(), password: user.password },
      freshIp(),
    );
    expectLimited(locked);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(timeWindowMs / 1000);
    // Other accounts are not affected.
    const other = await createUser(t.db);
    expect(
      (await post('/api/auth/login', { email: other.email, password: other.password }, freshIp()))
        .statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.login.perEmail.max + 2; i += 1) {
      expect(
        (await post('/api/auth/login', { email: user.email, password: user.password }, ip))
          .statusCode,
      ).toBe(200);
    }
  });

  it('never locks the owner out of a browser that has signed in before (issue 10)', async () => {
    const user = await createUser(t.db);
    const ownerIp = freshIp();
    const first = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      ownerIp,
    );
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    // Someone guesses from many addresses until the account-wide count is used up...
    const { max } = AUTH_RATE_LIMITS.login.perEmail;
    for (let i = 0; i < max; i += 1) {
      const wrong = await post(
        '/api/auth/login',
        { email: user.email, password: 'guess' },
        freshIp(),
      );
      expect(wrong.statusCode).toBe(401);
    }
    expectLimited(
      await post('/api/auth/login', { email: user.email, password: 'guess' }, freshIp()),
    );

    // ...yet the owner's right password still works from their own browser, at any address.
    const again = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      ownerIp,
      device,
    );
    expect(again.statusCode).toBe(200);
    expect(
      (
        await post(
          '/api/auth/login',
          { email: user.email, password: user.password },
          freshIp(),
          device,
        )
      ).statusCode,
    ).toBe(200);
    // A device cookie that was made up (or altered) counts for nothing.
    expectLimited(
      await post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        freshIp(),
        `pts_device=${encodeURIComponent(`AAAAAAAAAAAAAAAAAAAAAA.${user.id}.forged`)}`,
      ),
    );
    // The cookie is for the accounts that signed in on that browser only.
    const other = await createUser(t.db);
    for (let i = 0; i < max; i += 1) {
      await post('/api/auth/login', { email: other.email, password: 'guess' }, freshIp());
    }
    expectLimited(
      await post(
        '/api/auth/login',
        { email: other.email, password: other.password },
        freshIp(),
        device,
      ),
    );
  });

  it('still throttles an attacker per (account, IP) and per IP', async () => {
    const user = await createUser(t.db);
    const owner = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      freshIp(),
    );
    const device = deviceCookieOf(owner);

    const attackerIp = freshIp();
    const { max } = AUTH_RATE_LIMITS.login.perEmailAndIp;
    for (let i = 0; i < max; i += 1) {
      const wrong = await post(
        '/api/auth/login',
        { email: user.email, password: 'guess' },
        attackerIp,
      );
      expect(wrong.statusCode).toBe(401);
    }
    // The attacker's address is refused for this account, even with a stolen device cookie...
    expectLimited(
      await post('/api/auth/login', { email: user.email, password: 'guess' }, attackerIp),
    );
    expectLimited(
      await post('/api/auth/login', { email: user.email, password: 'guess' }, attackerIp, device),
    );
    // ...while the owner, elsewhere, is not.
    expect(
      (
        await post(
          '/api/auth/login',
          { email: user.email, password: user.password },
          freshIp(),
          device,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('stops trusting a device cookie that keeps guessing', async () => {
    const user = await createUser(t.db);
    const device = deviceCookieOf(
      await post('/api/auth/login', { email: user.email, password: user.password }, freshIp()),
    );
    const { max: accountMax } = AUTH_RATE_LIMITS.login.perEmail;
    for (let i = 0; i < accountMax; i += 1) {
      await post('/api/auth/login', { email: user.email, password: 'guess' }, freshIp());
    }
    // A copied device cookie gets its own few guesses, from any number of addresses...
    const { max: deviceMax } = AUTH_RATE_LIMITS.login.perDevice;
    for (let i = 0; i < deviceMax; i += 1) {
      const wrong = await post(
        '/api/auth/login',
        { email: user.email, password: 'guess' },
        freshIp(),
        device,
      );
      expect(wrong.statusCode).toBe(401);
    }
    // ...then it is treated as an unknown browser, which the account-wide count refuses.
    expectLimited(
      await post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        freshIp(),
        device,
      ),
    );
  });

  it('limits failed attempts per IP across many emails', async () => {
    const ip = freshIp();
    const { max } = AUTH_RATE_LIMITS.login.perIp;
    for (let i = 0; i < max; i += 1) {
      const response = await post(
        '/api/auth/login',
        { email: `spray${i}@example.test`, password: 'Summer2030!' },
        ip,
      );
      expect(response.statusCode).toBe(401);
    }
    expectLimited(
      await post(
        '/api/auth/login',
        { email: 'spray-last@example.test', password: 'Summer2030!' },
        ip,
      ),
    );
    // Another client is unaffected.
    expect(
      (
        await post(
          '/api/auth/login',
          { email: 'spray-last@example.test', password: 'Summer2030!' },
          freshIp(),
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe.each(['register', 'forgotPassword', 'resendVerification'] as const)(
  '[ACCOUNTS] rate limits on %s',
  (endpoint) => {
    it('limits requests per email address', async () => {
      const email = `limited-${endpoint}@example.test`;
      const { max } = AUTH_RATE_LIMITS[endpoint].perEmail;
      for (let i = 0; i < max; i += 1) {
        const response = await post(urls[endpoint], payloadFor(endpoint, email), freshIp());
        expect(response.statusCode).toBe(200);
      }
      expectLimited(
        await post(urls[endpoint], payloadFor(endpoint, email.toUpperCase()), freshIp()),
      );
    });

    it('limits requests per IP', async () => {
      const ip = freshIp();
      const { max } = AUTH_RATE_LIMITS[endpoint].perIp;
      for (let i = 0; i < max; i += 1) {
        const response = await post(
          urls[endpoint],
          payloadFor(endpoint, `ip-${endpoint}-${i}@example.test`),
          ip,
        );
        expect(response.statusCode).toBe(200);
      }
      expectLimited(
        await post(urls[endpoint], payloadFor(endpoint, `ip-${endpoint}-last@example.test`), ip),
      );
    });
  },
);
