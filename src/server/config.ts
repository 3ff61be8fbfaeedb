import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, on, off, yes, no',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const optionalUrl = (protocols: string[]) =>
  z
    .url({ error: 'must be a URL' })
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional();

/** Every environment variable the server reads, checked once at boot (DESIGN.md's table). */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65535, { error: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, { error: 'must be a size such as 32MB' })
      .default('16MB'),
    // The embedded database in a worker thread of its own (decision 026): on by default; off
    // puts it back on the server's thread (the way before issue 33, for comparison).
    PGLITE_THREAD: booleanFlag.default(true),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().min(3).default('PageToScreen <no-reply@pagetoscreen.test>'),
    PAYMENT_PROVIDER: z
      .enum(['local', 'stripe'], { error: 'must be local or stripe' })
      .default('local'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    /** A Stripe Price for Premium (£216/year); unset means Checkout builds it from price_data. */
    STRIPE_PREMIUM_PRICE_ID: z.string().min(1).optional(),
    /** The seller's VAT registration number printed on membership receipts. */
    VAT_NUMBER: z.string().min(1).default('GB000000000 (placeholder: set VAT_NUMBER)'),
    STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: optionalUrl(['http', 'https']),
    S3_REGION: z.string().min(1).default('eu-west-2'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    // Prometheus metrics at /api/metrics, for a scraper that sends it as a bearer token
    // (issue 32); unset: no metrics are collected and the endpoint answers 404.
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    // What this instance does (decision 021): all (default), web (answers requests, runs no
    // jobs) or jobs (runs the job queue; serves only health, readiness and metrics).
    INSTANCE_ROLE: z
      .enum(['all', 'web', 'jobs'], { error: 'must be all, web or jobs' })
      .default('all'),
    SEED_DEMO: booleanFlag.optional(),
    // The test clock (issue 29): POST /api/test/clock moves this process's time forward so a
    // browser journey can let an option lapse. Never for a deployment.
    TEST_CLOCK: booleanFlag.default(false),
    SEED_LISTINGS: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be zero or more' })
      .default(1200),
    // Model threads for the listing embeddings (issue 16): one leaves a core to requests.
    EMBEDDING_WORKERS: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be between 1 and 8' })
      .max(8, { error: 'must be between 1 and 8' })
      .default(1),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: booleanFlag.default(false),
    // Enrichment services (issue 17): unset keys mean 'not configured', never a pretend run.
    GOOGLE_BOOKS_API_KEY: z.string().min(1).optional(),
    GOOGLE_BOOKS_API_BASE: z
      .url({ error: 'must be a URL' })
      .regex(/^https?:/, { error: 'must start with http:// or https://' })
      .default('https://www.googleapis.com/books/v1'),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_API_BASE: z
      .url({ error: 'must be a URL' })
      .regex(/^https?:/, { error: 'must start with http:// or https://' })
      .default('https://www.googleapis.com/youtube/v3'),
    X_BEARER_TOKEN: z.string().min(1).optional(),
    // The platform's certificate for the digital signature of option agreements (decision
    // 016): a PKCS#12 file and its passphrase. Unset means a self-signed one kept in DATA_DIR.
    SIGNING_CERT_P12: z
      .string()
      .min(1)
      .refine((file) => existsSync(file) && statSync(file).isFile(), {
        error: 'must be the path of a readable .p12 file',
      })
      .optional(),
    SIGNING_CERT_PASSPHRASE: z.string().min(1).optional(),
    X_API_BASE: z
      .url({ error: 'must be a URL' })
      .regex(/^https?:/, { error: 'must start with http:// or https://' })
      .default('https://api.x.com/2'),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required when PAYMENT_PROVIDER=stripe',
      });
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.SIGNING_CERT_PASSPHRASE && !env.SIGNING_CERT_P12) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_CERT_P12'],
        message: 'is required when SIGNING_CERT_PASSPHRASE is set',
      });
    }
    if (env.SIGNING_CERT_P12 && existsSync(env.SIGNING_CERT_P12)) {
      const problem = signingCertificateProblem(
        readFileSync(env.SIGNING_CERT_P12),
        env.SIGNING_CERT_PASSPHRASE ?? '',
      );
      if (problem) ctx.addIssue({ code: 'custom', path: ['SIGNING_CERT_P12'], message: problem });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/**
 * Why a PKCS#12 file cannot sign agreements, or null when it can: it must open with the
 * passphrase and hold a shrouded private key with its certificate (what @signpdf/signer-p12
 * reads). Checked at boot so a wrong passphrase stops start-up instead of every signing.
 */
function signingCertificateProblem(p12: Buffer, passphrase: string): string | null {
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(p12.toString('binary')),
      false,
      passphrase,
    );
    const keys = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ];
    const certificates = parsed.getBags({ bagType: forge.pki.oids.certBag })[
      forge.pki.oids.certBag
    ];
    if (!keys?.some((bag) => bag.key)) return 'holds no (passphrase-protected) private key';
    if (!certificates?.some((bag) => bag.cert)) return 'holds no certificate';
    return null;
  } catch {
    return 'cannot be opened with SIGNING_CERT_PASSPHRASE (not a PKCS#12 file, or a wrong passphrase)';
  }
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgliteSharedBuffers: string;
  /** PGLITE_THREAD: the embedded database runs in a worker thread (default true). */
  pgliteThread: boolean;
  /** Worker threads running the embedding model (EMBEDDING_WORKERS). */
  embeddingWorkers: number;
  publicUrl: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: {
    provider: 'local' | 'stripe';
    stripeSecretKey?: string;
    stripePublishableKey?: string;
    stripeWebhookSecret?: string;
    stripeApiBase?: string;
    stripePremiumPriceId?: string;
  };
  /** VAT registration number on membership receipts (VAT_NUMBER). */
  vatNumber: string;
  storage: {
    kind: 'local' | 's3';
    bucket?: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  admin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  metricsToken: string | undefined;
  /** all: requests and jobs; web: requests only; jobs: the job queue (and health, metrics). */
  instanceRole: 'all' | 'web' | 'jobs';
  seedDemo: boolean;
  seedListings: number;
  /** TEST_CLOCK: the route that moves the clock exists (tests only; off by default). */
  testClock: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /**
   * The PKCS#12 certificate that digitally signs option agreements (SIGNING_CERT_P12 and its
   * passphrase); undefined means the self-signed one the offers room keeps in DATA_DIR.
   */
  signingCertificate: { p12Path: string; passphrase: string } | undefined;
  /** Outside services for enrichment; a missing key leaves that service 'not configured'. */
  enrichment: {
    googleBooks: { apiKey?: string; apiBase: string };
    youtube: { apiKey?: string; apiBase: string };
    x: { bearerToken?: string; apiBase: string };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the session secret from DATA_DIR, creating it on first start so restarts keep sessions. */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    pgliteThread: env.PGLITE_THREAD,
    embeddingWorkers: env.EMBEDDING_WORKERS,
    publicUrl,
    sessionSecret: env.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
      stripePremiumPriceId: env.STRIPE_PREMIUM_PRICE_ID,
    },
    vatNumber: env.VAT_NUMBER,
    storage: {
      kind: env.STORAGE,
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    instanceRole: env.INSTANCE_ROLE,
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    seedListings: env.SEED_LISTINGS,
    testClock: env.TEST_CLOCK,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    signingCertificate: env.SIGNING_CERT_P12
      ? {
          p12Path: path.resolve(env.SIGNING_CERT_P12),
          passphrase: env.SIGNING_CERT_PASSPHRASE ?? '',
        }
      : undefined,
    enrichment: {
      googleBooks: {
        apiKey: env.GOOGLE_BOOKS_API_KEY,
        apiBase: env.GOOGLE_BOOKS_API_BASE.replace(/\/+$/, ''),
      },
      youtube: { apiKey: env.YOUTUBE_API_KEY, apiBase: env.YOUTUBE_API_BASE.replace(/\/+$/, '') },
      x: { bearerToken: env.X_BEARER_TOKEN, apiBase: env.X_API_BASE.replace(/\/+$/, '') },
    },
  };
}
