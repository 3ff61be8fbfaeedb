import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
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
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { errorHandlerPlugin } from './plugins/error-handler';
import { sessionPlugin } from './plugins/session';
import { csrfPlugin } from './plugins/csrf';
import { rateLimitPlugin } from './plugins/rate-limit';
import { spaPlugin } from './plugins/spa';
import { createMailer, type Mailer } from './mail/mailer';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { createPaymentProvider } from '@/domains/payments/server/create-payment-provider';
import type { PaymentProvider } from '@/domains/payments/server/payment-provider';
import { accountsRoutes } from '@/domains/accounts/server/accounts.routes';
import { listingsRoutes } from '@/domains/listings/server/listings.routes';
import { favouritesRoutes } from '@/domains/favourites/server/favourites.routes';
import { membershipRoutes } from '@/domains/membership/server/membership.routes';
import { trackingRoutes } from '@/domains/tracking/server/tracking.routes';
import { coverRoutes } from '@/domains/listings/server/covers.routes';
import { offersRoutes } from '@/domains/offers/server/offers.routes';
import { syncOfferPayment } from '@/domains/offers/server/sync-offer-payment';
import { offerJobs } from '@/domains/offers/server/offer-jobs';
import { paymentsRoutes } from '@/domains/payments/server/payments.routes';
import { createJobRunner } from './jobs/job-runner';
import { syncMembershipPayment } from '@/domains/membership/server/sync-membership-payment';
import { handleMembershipStripeEvent } from '@/domains/membership/server/handle-membership-stripe-event';
import { membershipJobs } from '@/domains/membership/server/membership-jobs';
import { adminRoutes } from '@/domains/admin/server/admin.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    storage: Storage;
    payments: PaymentProvider;
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
}

/** The one explicit list of rooms the API is made of (STYLE.md: no autoload magic). */
const domainRoutes = [
  accountsRoutes,
  listingsRoutes,
  favouritesRoutes,
  membershipRoutes,
  trackingRoutes,
  offersRoutes,
  adminRoutes,
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
          },
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
  await app.register(sessionPlugin);
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const routes of domainRoutes) {
    await app.register(routes, { prefix: '/api' });
  }
  // What a payment's new state means for each room that takes money (by metadata.kind).
  await app.register(paymentsRoutes, {
    prefix: '/api',
    handlers: {
      offer: syncOfferPayment,
      membership: syncMembershipPayment,
    },
    stripeEventHandlers: [handleMembershipStripeEvent],
  });

  // Scheduled work (deadlines, reconciliation); safe with several instances. Off in tests,
  // which run jobs by hand.
  const jobRunner = createJobRunner({
    log: app.log,
    jobs: [...offerJobs(app), ...membershipJobs(app)],
  });
  app.addHook('onReady', async () => {
    if (config.env !== 'test') jobRunner.start();
  });
  app.addHook('onClose', async () => jobRunner.stop());

  // Generated cover art lives outside /api: the spec keeps /images/... URLs as public paths.
  await app.register(coverRoutes);

  if (options.serveWeb !== false) {
    await app.register(spaPlugin, { webRoot: options.webRoot });
  }
  return app;
}
