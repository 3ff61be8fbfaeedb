import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { AppError, errorResponses } from '@/shared/errors';
import type { DatabaseHandle } from '../db/client';
import { serverPoolOf } from '../db/listen';
import { pendingMigrationCount } from '../db/migrate';
import type { JobObserver } from '../jobs/job-runner';
import { queueDepth } from '../jobs/job-queue';
import { mailQueueDepth } from '../mail/mailer';
import type { ReadinessCheck } from '../room-module';

/**
 * What an operator and a load balancer need of one instance (issue 32):
 * - `GET /api/ready`: 200 once this instance should take traffic (database reachable,
 *   migrations all applied, each room's own checks such as the catalogue index built), else
 *   503 naming what is not ready. `/api/health` stays the liveness check.
 * - `GET /api/metrics`: Prometheus text, only when `METRICS_TOKEN` is set and sent as a bearer
 *   token; unset, nothing is collected and it answers 404.
 */
export interface OperationsOptions {
  database: DatabaseHandle;
  metricsToken: string | undefined;
  readinessChecks: () => ReadinessCheck[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the metrics of each finished job run (a no-op while metrics are off). */
    observeJob: JobObserver;
  }
}

const ReadyBodySchema = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.boolean()),
});
// Not ready is an error answer like any other ({message, code}), with the checks beside it.
const NotReadyBodySchema = z.object({
  message: z.string(),
  code: z.literal('NOT_READY'),
  status: z.literal('not ready'),
  checks: z.record(z.string(), z.boolean()),
});

const METRICS_NOT_ENABLED = 'Metrics are not enabled on this server (set METRICS_TOKEN).';
const METRICS_TOKEN_NEEDED = 'Send the metrics token as "Authorization: Bearer <token>".';

async function readinessOf(options: OperationsOptions): Promise<Record<string, boolean>> {
  const { database } = options;
  const checks: Record<string, boolean> = {};
  try {
    await database.db.execute(sql`select 1`);
    checks.database = true;
    checks.migrations = (await pendingMigrationCount(database)) === 0;
  } catch {
    checks.database = false;
    checks.migrations = false;
  }
  for (const check of options.readinessChecks()) {
    try {
      checks[check.name] = await check.isReady();
    } catch {
      checks[check.name] = false;
    }
  }
  return checks;
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registry and the instruments, made only when metrics are on. */
function createMetrics(options: OperationsOptions) {
  const registry = new Registry();
  // Process and runtime figures, event-loop delay among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: 'pts_' });
  const requestDuration = new Histogram({
    name: 'pts_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'pts_job_duration_seconds',
    help: 'Time a background job run took, by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 20, 60],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'pts_job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'],
    registers: [registry],
  });
  const pool = serverPoolOf(options.database.db);
  if (pool) {
    new Gauge({
      name: 'pts_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'pts_queue_depth',
    help: 'Work waiting to be claimed now: job runs by job, and mails (queue="mail")',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      const db = options.database.db;
      for (const [job, count] of Object.entries(await queueDepth(db))) {
        this.set({ queue: job }, count);
      }
      this.set({ queue: 'mail' }, await mailQueueDepth(db));
    },
  });
  new Gauge({
    name: 'pts_ready',
    help: 'Readiness of this instance by check (1 ready, 0 not)',
    labelNames: ['check'],
    registers: [registry],
    async collect() {
      for (const [check, ready] of Object.entries(await readinessOf(options))) {
        this.set({ check }, ready ? 1 : 0);
      }
    },
  });
  return { registry, requestDuration, jobDuration, jobFailures };
}

async function operations(app: FastifyInstance, options: OperationsOptions): Promise<void> {
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 200 when this instance should take traffic, 503 naming what is not',
        response: { 200: ReadyBodySchema, 503: NotReadyBodySchema },
      },
    },
    async (_request, reply) => {
      const checks = await readinessOf(options);
      const waitingFor = Object.keys(checks).filter((name) => !checks[name]);
      if (waitingFor.length === 0) return { status: 'ready' as const, checks };
      return reply.code(503).send({
        message: `This instance is not ready yet: waiting for ${waitingFor.join(', ')}.`,
        code: 'NOT_READY' as const,
        status: 'not ready' as const,
        checks,
      });
    },
  );

  const metrics = options.metricsToken ? createMetrics(options) : undefined;
  app.decorate<JobObserver>('observeJob', (job, ms, outcome) => {
    metrics?.jobDuration.observe({ job, outcome }, ms / 1000);
    if (outcome === 'failed') metrics?.jobFailures.inc({ job });
  });
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw URL: ids would make a series per listing.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requestDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }

  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['platform'],
        summary: 'Prometheus metrics (with METRICS_TOKEN as a bearer token)',
        response: { 200: z.string(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!metrics || !options.metricsToken) {
        throw new AppError('NOT_FOUND', METRICS_NOT_ENABLED);
      }
      const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(sent, options.metricsToken)) {
        throw new AppError('UNAUTHENTICATED', METRICS_TOKEN_NEEDED);
      }
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}

export const operationsPlugin = fp(operations, { name: 'operations' });
