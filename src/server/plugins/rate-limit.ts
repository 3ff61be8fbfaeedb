import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '@/shared/errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`). Counters live in Redis when
 * REDIS_URL is set so every instance sees the same counts; otherwise in process memory.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redisUrl?: string }) => {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
});
