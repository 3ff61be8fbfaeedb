import '@/shared/validation-messages';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import type { Config } from '@/server/config';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { createLoggerOptions } from '@/server/logger';
import { errorHandlerPlugin } from '@/server/plugins/error-handler';
import { sessionPlugin } from '@/server/plugins/session';
import { csrfPlugin } from '@/server/plugins/csrf';
import { apiConventionsPlugin } from '@/server/plugins/api-conventions';
import { rateLimitPlugin } from '@/server/plugins/rate-limit';
import { spaPlugin } from './spa';
import { operationsPlugin } from '@/server/plugins/operations';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { createStorage } from '@/server/storage/create-storage';
import type { Storage } from '@/server/storage/storage';
import { createJobRunner, type JobRunner } from '@/server/jobs/job-runner';
import { platformJobs } from '@/server/jobs/platform-jobs';
import type { RoomModule, RoomRoutesOptions } from '@/server/room-module';
import { createPaymentProvider, type PaymentProvider } from '@/domains/payments/server';
import { accountsRoom, findSession } from '@/domains/accounts/server';
import { listingsRoom } from '@/domains/listings/server';
import { favouritesRoom } from '@/domains/favourites/server';
import { membershipRoom } from '@/domains/membership/server';
import { trackingRoom } from '@/domains/tracking/server';
import { offersRoom } from '@/domains/offers/server';
import { agreementsRoom } from '@/domains/agreements/server';
import { insightsRoom } from '@/domains/insights/server';
import { paymentsRoom } from '@/domains/payments/server';
import { adminRoom } from '@/domains/admin/server';
import { forumRoom } from '@/domains/forum/server';
import { chainOfTitleRoom } from '@/domains/chain-of-title/server';
import { enrichmentRoom } from '@/domains/enrichment/server';
import { commentsRoom } from '@/domains/comments/server';
import { inboxRoom } from '@/domains/inbox/server';
import { recommendationsRoom } from '@/domains/recommendations/server';
import { notificationsRoom } from '@/domains/notifications/server';
import { savedSearchesRoom } from '@/domains/saved-searches/server';
import { analysisRoom } from '@/domains/analysis/server';
import { vettingRoom } from '@/domains/vetting/server';
import { mandatesRoom } from '@/domains/mandates/server';
import { rightsRoom } from '@/domains/rights/server';
import { optionsRoom } from '@/domains/options/server';
import { hasDemoCatalogue } from './seed/seed-demo';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    storage: Storage;
    payments: PaymentProvider;
    /** Every room's scheduled work (main.ts runs their start-up work after listening). */
    jobs: JobRunner;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Folder of the built SPA (default `dist/web`); tests point it at a fixture. */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check what is logged. */
  logStream?: DestinationStream;
}

/**
 * The one explicit list of rooms the app is made of (STYLE.md: no autoload magic). Adding a
 * room is one line here; everything it brings (routes, public paths, jobs, payment and Stripe
 * event handlers) comes through its front door, src/domains/<room>/server/index.ts.
 */
const rooms: readonly RoomModule[] = [
  accountsRoom,
  listingsRoom,
  favouritesRoom,
  membershipRoom,
  trackingRoom,
  offersRoom,
  agreementsRoom,
  insightsRoom,
  paymentsRoom,
  adminRoom,
  forumRoom,
  chainOfTitleRoom,
  commentsRoom,
  inboxRoom,
  enrichmentRoom,
  recommendationsRoom,
  notificationsRoom,
  savedSearchesRoom,
  analysisRoom,
  vettingRoom,
  mandatesRoom,
  rightsRoom,
  optionsRoom,
];

/** What all rooms contribute that one room acts on (the payments room dispatches to these). */
function collectRoomRoutesOptions(list: readonly RoomModule[]): RoomRoutesOptions {
  const paymentHandlers: RoomRoutesOptions['paymentHandlers'] = {};
  for (const room of list) {
    for (const [kind, handler] of Object.entries(room.paymentHandlers ?? {})) {
      // Two rooms claiming one kind of payment is a wiring mistake: fail at boot, not later.
      if (paymentHandlers[kind]) throw new Error(`two rooms handle payments of kind '${kind}'`);
      paymentHandlers[kind] = handler;
    }
  }
  return {
    paymentHandlers,
    stripeEventHandlers: list.flatMap((room) => room.stripeEventHandlers ?? []),
    accountDeletionSteps: list.flatMap((room) => room.accountDeletion ?? []),
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : createLoggerOptions({ level: config.logLevel, stream: options.logStream }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long path parameters (a pasted token, say) reach the route's schema and get our 400,
    // instead of the router's bare 414.
    routerOptions: { maxParamLength: 2048 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', createMailer({ config, db: database.db, log: app.log }));
  app.decorate('storage', createStorage(config));
  app.decorate('payments', createPaymentProvider(config, database.db));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // An API answer to a signed-in request is that person's data: no browser or shared cache
  // may keep it (issue 10, finding 7). Signed out, an endpoint's own caching (the public home
  // page figures) stands; any answer without one is not stored either.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.user || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        // Radix and recharts set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PageToScreen API',
        description: 'Film and TV rights marketplace',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The platform's sessions know users by id and role; accounts finds the user behind one.
  await app.register(sessionPlugin, { findSession });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(apiConventionsPlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(500) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  await app.register(operationsPlugin, {
    database,
    metricsToken: config.metricsToken,
    // The rooms' checks are about serving requests (the catalogue index): not a jobs instance's.
    readinessChecks: () =>
      config.instanceRole === 'jobs' ? [] : rooms.flatMap((room) => room.readiness?.(app) ?? []),
  });
  // What the browser needs to know about this installation: whether it runs on demo data.
  let isDemoCatalogue = false;
  app.get(
    '/api/platform',
    {
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ isDemo: z.boolean() }), ...errorResponses(500) },
      },
    },
    async () => {
      // Once demo data is found it stays for the life of the process (an indexed lookup until then).
      isDemoCatalogue ||= await hasDemoCatalogue(app.db);
      return { isDemo: isDemoCatalogue };
    },
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const roomRoutesOptions = collectRoomRoutesOptions(rooms);
  // A jobs-only instance answers health, readiness and metrics, and none of the rooms' routes.
  for (const room of config.instanceRole === 'jobs' ? [] : rooms) {
    if (room.routes) await app.register(room.routes, { prefix: '/api', ...roomRoutesOptions });
    // Public paths outside /api (the spec keeps /images/... URLs as they are).
    if (room.publicRoutes) await app.register(room.publicRoutes);
  }

  // Scheduled work (deadlines, reconciliation, renewals, mail) through the job queue: once
  // per period across the cluster (decision 021). Off in tests, which run jobs by hand, and
  // on an instance with INSTANCE_ROLE=web.
  const jobRunner = createJobRunner({
    db: app.db,
    log: app.log,
    jobs: [...platformJobs(app), ...rooms.flatMap((room) => room.jobs?.(app) ?? [])],
    observe: app.observeJob,
  });
  app.decorate('jobs', jobRunner);
  app.addHook('onReady', async () => {
    if (config.env !== 'test' && config.instanceRole !== 'web') jobRunner.start();
  });
  // Shutting down: jobs stop at their next safe point while the requests in flight are
  // answered (preClose comes before the server closes); a run that needs longer is handed back.
  app.addHook('preClose', async () => jobRunner.stop());

  if (options.serveWeb !== false && config.instanceRole !== 'jobs') {
    await app.register(spaPlugin, { webRoot: options.webRoot });
  }
  return app;
}
