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

const post = (url: string, payload: object, remoteAddress: string) =>
  t.request({ method: 'POST', url, payload, remoteAddress });

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
      perEmail: { max: 5, timeWindowMs: 15 * 60 * 1000 },
    });
  });

  it('locks an email after 5 failed attempts, from any address, even with the right password', async () => {
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
