import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '@/shared/errors';

const MINUTE = 60 * 1000;

/**
 * Limits on the sign-in and mail-sending endpoints, per client IP and per email address
 * (issue 3). Sign-in counts only FAILED attempts, so people who sign in often are never
 * locked out; the others count every accepted request, because each may send an email.
 */
export const AUTH_RATE_LIMITS = {
  login: {
    perIp: { max: 20, timeWindowMs: 15 * MINUTE },
    perEmail: { max: 5, timeWindowMs: 15 * MINUTE },
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
} as const;

export type AuthLimitName = keyof typeof AUTH_RATE_LIMITS;

export interface AuthRateLimiter {
  /** Counts one attempt for this IP and email; throws RATE_LIMITED when either is over. */
  consume(request: FastifyRequest, email: string): Promise<void>;
  /** Throws RATE_LIMITED when either allowance is used up, without counting an attempt. */
  check(request: FastifyRequest, email: string): Promise<void>;
}

/** Keys carry a hash of the address, never the address itself (counters may live in Redis). */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

function tooMany(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${wait}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Builds the two limiters of one endpoint on @fastify/rate-limit's store (in memory, or Redis
 * when REDIS_URL is set). The email key is read from an argument, so limiting happens after
 * the body has been validated.
 */
export function createAuthRateLimiter(app: FastifyInstance, name: AuthLimitName): AuthRateLimiter {
  const limits = AUTH_RATE_LIMITS[name];
  // createRateLimit reads the key from the request; the email of this request is kept here.
  const emailOf = new WeakMap<FastifyRequest, string>();
  const perIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.timeWindowMs,
    keyGenerator: (request) => `auth:${name}:ip:${normalizeIP(request.ip)}`,
  });
  const perEmail = app.createRateLimit({
    max: limits.perEmail.max,
    timeWindow: limits.perEmail.timeWindowMs,
    keyGenerator: (request) => `auth:${name}:email:${emailKey(emailOf.get(request) ?? '')}`,
  });

  async function run(request: FastifyRequest, email: string, increment: boolean) {
    emailOf.set(request, email);
    const results = await Promise.all([
      perIp(request, { increment }),
      perEmail(request, { increment }),
    ]);
    let isLimited = false;
    let retryAfter = 1;
    for (const result of results) {
      if (result.isAllowed) continue;
      // A peek reports the count so far: with nothing left, the next attempt is refused.
      const isOver = increment ? result.isExceeded : result.remaining <= 0;
      if (isOver) {
        isLimited = true;
        retryAfter = Math.max(retryAfter, result.ttlInSeconds);
      }
    }
    if (isLimited) throw tooMany(retryAfter);
  }

  return {
    consume: (request, email) => run(request, email, true),
    check: (request, email) => run(request, email, false),
  };
}
