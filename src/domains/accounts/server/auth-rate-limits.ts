import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '@/shared/errors';

const MINUTE = 60 * 1000;

interface Limit {
  max: number;
  timeWindowMs: number;
}

/**
 * Limits on the sign-in and mail-sending endpoints (issue 3, and issue 10 for sign-in). The
 * mail-sending endpoints count every accepted request, per client IP and per email address,
 * because each may send an email. Sign-in counts only FAILED attempts, so people who sign in
 * often are never limited, and is built so that nobody can lock an owner out (decision 005):
 * see `createLoginThrottle`.
 */
export const AUTH_RATE_LIMITS = {
  login: {
    /** Failed sign-ins from one client address, whatever the account: refuses that address. */
    perIp: { max: 20, timeWindowMs: 15 * MINUTE },
    /** Failed sign-ins for one account from one client address: refuses that pair. */
    perEmailAndIp: { max: 5, timeWindowMs: 15 * MINUTE },
    /**
     * Failed sign-ins for one account from clients that are NOT a known device of it (no
     * device cookie): once used up, only such clients are refused, never a known device.
     */
    perEmail: { max: 5, timeWindowMs: 15 * MINUTE },
    /**
     * Failed sign-ins for one account from one known device: past it, that device is treated
     * as unknown (a stolen device cookie does not buy unlimited guesses).
     */
    perDevice: { max: 5, timeWindowMs: 15 * MINUTE },
  },
  register: {
    perIp: { max: 20, timeWindowMs: 60 * MINUTE },
    perEmail: { max: 3, timeWindowMs: 60 * MINUTE },
  },
  forgotPassword: {
    perIp: { max: 10, timeWindowMs: 15 * MINUTE },
    perEmail: { max: 3, timeWindowMs: 15 * MINUTE },
  },
  resendVerification: {
    perIp: { max: 10, timeWindowMs: 15 * MINUTE },
    perEmail: { max: 3, timeWindowMs: 15 * MINUTE },
  },
} as const satisfies Record<string, Record<string, Limit>>;

export type MailLimitName = Exclude<keyof typeof AUTH_RATE_LIMITS, 'login'>;

/** Keys carry a hash of the address, never the address itself (counters may live in Redis). */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const ipKey = (request: FastifyRequest) => normalizeIP(request.ip);

function tooMany(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${wait}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

interface CountResult {
  isOver: boolean;
  retryAfterSeconds: number;
}

/** Counts (or, with increment false, reads) one key of one limit. */
type Counter = (request: FastifyRequest, key: string, increment: boolean) => Promise<CountResult>;

/**
 * One counter on @fastify/rate-limit's store (in memory, or Redis when REDIS_URL is set). The
 * key is passed in rather than read from the request, so limiting can use the validated body.
 */
function createCounter(app: FastifyInstance, prefix: string, limit: Limit): Counter {
  // createRateLimit reads the key from the request; the key of this call is kept here.
  const keyOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) => `${prefix}:${keyOf.get(request) ?? ''}`,
  });
  return async (request, key, increment) => {
    keyOf.set(request, key);
    const result = await limiter(request, { increment });
    if (result.isAllowed) return { isOver: false, retryAfterSeconds: 0 };
    // A read reports the count so far: with nothing left, the next attempt is refused.
    const isOver = increment ? result.isExceeded : result.remaining <= 0;
    return { isOver, retryAfterSeconds: result.ttlInSeconds };
  };
}

/** Throws RATE_LIMITED (with the longest wait) when any of the results is over its limit. */
function refuseWhenOver(results: CountResult[]): void {
  const over = results.filter((result) => result.isOver);
  if (over.length === 0) return;
  throw tooMany(Math.max(1, ...over.map((result) => result.retryAfterSeconds)));
}

export interface AuthRateLimiter {
  /** Counts one request for this IP and email; throws RATE_LIMITED when either is over. */
  consume(request: FastifyRequest, email: string): Promise<void>;
}

/** The per-IP and per-email limits of an endpoint that sends mail (every request counts). */
export function createAuthRateLimiter(app: FastifyInstance, name: MailLimitName): AuthRateLimiter {
  const limits = AUTH_RATE_LIMITS[name];
  const perIp = createCounter(app, `auth:${name}:ip`, limits.perIp);
  const perEmail = createCounter(app, `auth:${name}:email`, limits.perEmail);
  return {
    async consume(request, email) {
      refuseWhenOver(
        await Promise.all([
          perIp(request, ipKey(request), true),
          perEmail(request, emailKey(email), true),
        ]),
      );
    },
  };
}

/** Who is trying to sign in: the client, the account asked for, and whether it is known. */
export interface LoginAttempt {
  request: FastifyRequest;
  email: string;
  /**
   * The id of the client's device cookie when it is a known device of this account (it has
   * signed in to it before), else null.
   */
  knownDeviceId: string | null;
}

export interface LoginThrottle {
  /** Throws RATE_LIMITED when this attempt may not be tried now; counts nothing. */
  check(attempt: LoginAttempt): Promise<void>;
  /** Counts one failed attempt. */
  recordFailure(attempt: LoginAttempt): Promise<void>;
}

/**
 * Sign-in throttling that slows guessing without letting anyone lock an owner out (OWASP's
 * Authentication Cheat Sheet on lockout, and its "device cookies" scheme; decision 005):
 * - every failure counts per client IP and per (account, IP): an attacker's address is
 *   refused, other addresses are not;
 * - failures from clients that are not a known device of the account also count per
 *   account, and once that is used up only such clients are refused;
 * - a known device (one that signed in to this account before, proven by a signed
 *   long-lived cookie) is never refused by the account-wide count, so the owner's correct
 *   password still works from their own browser while an attack runs. Its own failures
 *   count per device; past that limit the device is treated as unknown.
 */
export function createLoginThrottle(app: FastifyInstance): LoginThrottle {
  const limits = AUTH_RATE_LIMITS.login;
  const perIp = createCounter(app, 'auth:login:ip', limits.perIp);
  const perEmailAndIp = createCounter(app, 'auth:login:email-ip', limits.perEmailAndIp);
  const perEmail = createCounter(app, 'auth:login:email', limits.perEmail);
  const perDevice = createCounter(app, 'auth:login:device', limits.perDevice);

  const keys = ({ request, email, knownDeviceId }: LoginAttempt) => {
    const account = emailKey(email);
    return {
      ip: ipKey(request),
      accountAndIp: `${account}:${ipKey(request)}`,
      account,
      accountAndDevice: knownDeviceId ? `${account}:${knownDeviceId}` : null,
    };
  };

  /** Whether the attempt comes from a known device that has not used up its own allowance. */
  async function isTrustedDevice(attempt: LoginAttempt): Promise<boolean> {
    const key = keys(attempt).accountAndDevice;
    if (key === null) return false;
    return !(await perDevice(attempt.request, key, false)).isOver;
  }

  return {
    async check(attempt) {
      const key = keys(attempt);
      const isTrusted = await isTrustedDevice(attempt);
      refuseWhenOver(
        await Promise.all([
          perIp(attempt.request, key.ip, false),
          perEmailAndIp(attempt.request, key.accountAndIp, false),
          ...(isTrusted ? [] : [perEmail(attempt.request, key.account, false)]),
        ]),
      );
    },
    async recordFailure(attempt) {
      const key = keys(attempt);
      const isTrusted = await isTrustedDevice(attempt);
      await Promise.all([
        perIp(attempt.request, key.ip, true),
        perEmailAndIp(attempt.request, key.accountAndIp, true),
        isTrusted && key.accountAndDevice
          ? perDevice(attempt.request, key.accountAndDevice, true)
          : perEmail(attempt.request, key.account, true),
      ]);
    },
  };
}
