// Offer throughput: the real app over real HTTP on a random port (embedded PGlite, local
// payment provider). 50 producers (users and sessions inserted directly; the client in a worker
// thread, bench/lib/offer-producers.mjs) each loop for about
// 20 seconds: POST /api/offers (offer + card hold), then POST /api/payments/local/confirm with
// the 4242 card (authorised → the offer is pending). Prints offers per second, p95 of each
// step, errors, duplicate holds and whether the payment ledger agrees with the offers.
// --think-ms makes each producer pause between offers (people do): 0 is a closed loop, where
// 50 producers queue behind one embedded database and latency is mostly waiting in line.
//   npx tsx bench/offers.ts [--seconds 20] [--producers 50] [--think-ms 0] [--postgres URL]
// --postgres: on a PostgreSQL server instead (a fresh database is created on it for the run and
// dropped after), e.g. --postgres postgres://postgres@127.0.0.1:5432/postgres
//
// Two modes (issue 33: a figure must say how the server ran):
// - default, "in-process, jobs not running": the app is built in this process (buildApp) with
//   no background jobs; the in-server times come from an onResponse hook.
// - --as-started [--instances N]: the BUILT server (`npm run build` first) is spawned as `npm
//   start` runs it (`node dist/server/main.js`, NODE_ENV=production, every background job on,
//   LOG_LEVEL info, SEED_DEMO off, a fresh DATA_DIR), N processes on one database behind
//   Debian's haproxy when N > 1 (HAPROXY_PATH), as the cluster test runs them. The bench's
//   users, sessions, listings and decks are inserted before the servers start; the in-server
//   times are read from the servers' own "request completed" log lines. N > 1 needs --postgres.
//   --settle-s S waits S seconds after the servers are ready before the load (the start-up
//   work of the jobs, e.g. embedding the bench's 400 listings, has then had its go);
//   --cpu-prof DIR writes each server's CPU profile (node --cpu-prof) into DIR.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { sign as signCookie } from '@fastify/cookie';
import { buildApp } from '@/app/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import type { AppDeps } from '@/server/deps';
import { createLocalStorage } from '@/server/storage/local-storage';
import { runMigrations } from '@/server/db/migrate';
import { hashSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from '@/server/plugins/session';
import { users } from '@/domains/accounts/server/accounts.tables';
import { sessions } from '@/server/plugins/session.tables';
import { insertListings } from '../tests/helpers/fixtures/listings';
import { insertDeck } from '../tests/helpers/fixtures/offers';
import { offers } from '@/domains/offers/server/offers.tables';
import { TEST_CARDS } from '@/domains/payments/payments.constants';
import { localPaymentIntents, paymentLedger } from '@/domains/payments/server/payments.tables';
import { freePort, serverTimesByPrefix, startAsStarted } from './lib/as-started-cluster';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    producers: { type: 'string', default: '50' },
    'think-ms': { type: 'string', default: '0' },
    postgres: { type: 'string' },
    'as-started': { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
    'settle-s': { type: 'string', default: '0' },
    'cpu-prof': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const producerCount = Number(values.producers);
const thinkMs = Number(values['think-ms']);
const asStarted = values['as-started'];
const instanceCount = Number(values.instances);
if (!asStarted && instanceCount !== 1) throw new Error('--instances needs --as-started');
if (instanceCount > 1 && !values.postgres) {
  throw new Error('--instances > 1 needs --postgres (the embedded database is for one process)');
}

type ProducerMessage =
  | { kind: 'ready' }
  | {
      kind: 'done';
      createTimes: number[];
      confirmTimes: number[];
      errors: Record<string, number>;
      submittedPence: number;
      elapsedSeconds: number;
    };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** A fresh database on the server for this run; dropped by the returned function. */
async function freshServerDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pts_bench_offers_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** What the bench inserts before the load: an agent's listings, producers, sessions, decks. */
async function insertBenchData(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  signCookie: (token: string) => string,
) {
  const { db } = deps;
  const [agent] = await db
    .insert(users)
    .values({
      email: 'bench.agent@example.test',
      passwordHash: 'not-used',
      firstName: 'Bench',
      lastName: 'Agent',
      role: 'agent',
      emailVerifiedAt: new Date(),
    })
    .returning();
  // Every producer makes a new offer on the next listing (one open offer per listing each).
  const listingRows = await insertListings(
    db,
    Array.from({ length: 400 }, (_, index) => ({ agentId: agent.id, title: `Bench ${index}` })),
  );
  const producerRows = await db
    .insert(users)
    .values(
      Array.from({ length: producerCount }, (_, index) => ({
        email: `bench.producer${index}@example.test`,
        passwordHash: 'not-used',
        firstName: 'Bench',
        lastName: `Producer ${index}`,
        role: 'producer',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning();
  const producers = await Promise.all(
    producerRows.map(async (producer) => {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        idHash: hashSessionToken(token),
        userId: producer.id,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      return {
        id: producer.id,
        cookie: `${SESSION_COOKIE}=${signCookie(token)}`,
        deckFileUrl: await insertDeck(deps, producer.id),
      };
    }),
  );
  return { producers, listingIds: listingRows.map((row) => row.id) };
}

type BenchData = Awaited<ReturnType<typeof insertBenchData>>;

/** Runs the producers' thread against `base`; resolves with its figures. */
async function runProducers(
  base: string,
  origin: string,
  data: BenchData,
  onGo: () => Promise<void> | void,
) {
  // The producers run in a worker thread (bench/lib/offer-producers.mjs): the client has its
  // own event loop, so this thread does only the server's work, as with real clients.
  const producerThread = new Worker(new URL('./lib/offer-producers.mjs', import.meta.url), {
    workerData: {
      base,
      origin,
      producers: data.producers,
      listingIds: data.listingIds,
      seconds,
      thinkMs,
      card: TEST_CARDS.success,
    },
  });
  const nextMessage = () =>
    new Promise<ProducerMessage>((resolve, reject) => {
      producerThread.once('message', resolve);
      producerThread.once('error', reject);
    });
  await nextMessage(); // warmed up
  await onGo();
  producerThread.postMessage('go');
  const result = await nextMessage();
  await producerThread.terminate();
  if (result.kind !== 'done') throw new Error('the producer thread did not finish');
  return result;
}

interface RunFigures {
  mode: string;
  result: Extract<ProducerMessage, { kind: 'done' }>;
  serverTimes: { create: number[]; confirm: number[] };
  cpuMs: number;
  /** As started: the servers' main threads alone (requests, and jobs' work on that thread). */
  mainThreadCpuMs?: number;
  cpuWhat: string;
  rowsBefore: number;
}

/** Default mode: the app in this process, no background jobs. */
async function runInProcess(
  dataDir: string,
  server: { url: string } | null,
): Promise<{ figures: RunFigures; database: DatabaseHandle; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Offer and card routes are rate limited per client address (abuse protection). Each
    // simulated request names its own address in X-Forwarded-For so the figures measure the
    // offer path, not the limiter.
    TRUST_PROXY: 'true',
    ...(server ? { DATABASE_URL: server.url } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  // Time inside the server (request received → response sent), apart from the client's view,
  // which also counts waiting for a connection in this one-process setup.
  const serverTimes = { create: [] as number[], confirm: [] as number[] };
  let measuring = false;
  app.addHook('onResponse', async (request, reply) => {
    if (!measuring) return;
    if (request.url === '/api/offers') serverTimes.create.push(reply.elapsedTime);
    if (request.url === '/api/payments/local/confirm') serverTimes.confirm.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const data = await insertBenchData(app, (token) => app.signCookie(token));
  let rowsBefore = 0;
  let cpuBefore = process.cpuUsage();
  const result = await runProducers(
    `http://127.0.0.1:${address.port}`,
    config.publicUrl,
    data,
    async () => {
      rowsBefore = await countOffers(database.db);
      measuring = true;
      cpuBefore = process.cpuUsage();
    },
  );
  measuring = false;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    figures: {
      mode: 'in-process, jobs not running',
      result,
      serverTimes,
      cpuMs: (cpu.user + cpu.system) / 1000,
      cpuWhat: 'whole bench process',
      rowsBefore,
    },
    database,
    async close() {
      await app.close();
    },
  };
}

/** --as-started: the built server, N processes (haproxy in front of several), jobs on. */
async function runAsStarted(
  dataDir: string,
  server: { url: string } | null,
): Promise<{ figures: RunFigures; database: DatabaseHandle; close(): Promise<void> }> {
  const sessionSecret = randomBytes(48).toString('base64url');
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const serverDataDir = path.join(dataDir, 'data');
  // The bench's rows go in before any server starts (the embedded database is one process's).
  const setup = await openDatabase({
    databaseUrl: server?.url,
    pgliteDir: server ? undefined : path.join(serverDataDir, 'db'),
  });
  await runMigrations(setup);
  const data = await insertBenchData(
    { db: setup.db, storage: createLocalStorage(path.join(serverDataDir, 'uploads')) },
    (token) => signCookie(token, sessionSecret),
  );
  await setup.close();

  const cluster = await startAsStarted({
    instances: instanceCount,
    workDir: dataDir,
    publicUrl,
    port,
    env: {
      DATA_DIR: serverDataDir,
      DATABASE_URL: server?.url ?? '',
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: 'false',
      // Each simulated request names its own address in X-Forwarded-For (rate limits are per
      // address); behind haproxy this is what a deployment sets anyway.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      PAYMENT_PROVIDER: 'local',
    },
    cpuProfileDir: values['cpu-prof'],
  });
  await new Promise((resolve) => setTimeout(resolve, Number(values['settle-s']) * 1000));
  let cpuBefore: number[] = [];
  let mainBefore: number[] = [];
  const result = await runProducers(cluster.url, publicUrl, data, () => {
    cpuBefore = cluster.cpuSeconds();
    mainBefore = cluster.mainThreadCpuSeconds();
  });
  const cpuAfter = cluster.cpuSeconds();
  const mainAfter = cluster.mainThreadCpuSeconds();
  const sumDelta = (after: number[], before: number[]) =>
    after.reduce((sum, value, i) => sum + (value - before[i]), 0) * 1000;
  const lines = cluster.instances.flatMap((instance) => instance.lines);
  const serverTimes = {
    create: serverTimesByPrefix(lines, 'm-create-'),
    confirm: serverTimesByPrefix(lines, 'm-confirm-'),
  };
  await cluster.stop();
  const database = await openDatabase({
    databaseUrl: server?.url,
    pgliteDir: server ? undefined : path.join(serverDataDir, 'db'),
  });
  return {
    figures: {
      mode: `as started: built server, ${instanceCount} instance${instanceCount > 1 ? 's behind haproxy' : ''}, every job on, LOG_LEVEL info, load from ${values['settle-s']} s after ready`,
      result,
      serverTimes,
      cpuMs: sumDelta(cpuAfter, cpuBefore),
      mainThreadCpuMs: sumDelta(mainAfter, mainBefore),
      cpuWhat: `server process${instanceCount > 1 ? 'es' : ''} only`,
      // The bench inserted no offers; the warm-up's 5 are all there were before the load.
      rowsBefore: 5,
    },
    database,
    close: async () => undefined,
  };
}

async function countOffers(db: DatabaseHandle['db']): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(offers);
  return row.count;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-bench-offers-'));
  const server = values.postgres ? await freshServerDatabase(values.postgres) : null;
  const loadBefore = os.loadavg();
  const run = asStarted ? await runAsStarted(dataDir, server) : await runInProcess(dataDir, server);
  const { figures, database } = run;
  const { db } = database;
  const { result, serverTimes } = figures;
  const { createTimes, confirmTimes, submittedPence } = result;
  const elapsed = result.elapsedSeconds;
  const errors = new Map(Object.entries(result.errors));

  // What the database says afterwards.
  const [offerTotals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${offers.status} = 'pending'))::int`,
      pence: sql<number>`coalesce(sum(${offers.offerPricePence}), 0)::bigint`,
    })
    .from(offers);
  const [ledgerTotals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pence: sql<number>`coalesce(sum(${paymentLedger.amountPence}), 0)::bigint`,
    })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.operation, 'authorise'), eq(paymentLedger.outcome, 'succeeded')));
  const [intentTotals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      held: sql<number>`(count(*) filter (where ${localPaymentIntents.status} = 'requires_capture'))::int`,
      pence: sql<number>`coalesce(sum(${localPaymentIntents.amountPence}), 0)::bigint`,
    })
    .from(localPaymentIntents);
  const duplicates = await db.execute<{ offer_id: string }>(sql`
    select metadata->>'offerId' as offer_id from local_payment_intents
    group by metadata->>'offerId', metadata->>'holdVersion' having count(*) > 1`);

  const measured = offerTotals.count - figures.rowsBefore;
  const round = (n: number) => Math.round(n * 10) / 10;
  createTimes.sort((a, b) => a - b);
  confirmTimes.sort((a, b) => a - b);
  const cpuMsPerOffer = figures.cpuMs / Math.max(1, confirmTimes.length);
  const line = (name: string, times: number[]) =>
    `${name} ms: p50 ${round(percentile(times, 50))}, p95 ${round(percentile(times, 95))}, p99 ${round(percentile(times, 99))}, max ${round(times.at(-1) ?? Number.NaN)} (${times.length})`;

  console.log(
    `bench/offers — submit + confirm over HTTP, ${server ? 'PostgreSQL server' : 'embedded PGlite'}, local provider`,
  );
  console.log(`mode: ${figures.mode}`);
  console.log(
    `${producerCount} producers, think time ${thinkMs} ms, ${round(elapsed)} s, ${os.cpus().length} CPUs, load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`,
  );
  console.log(
    `offers: ${confirmTimes.length} submitted and authorised (${measured} new rows), ${round(confirmTimes.length / elapsed)} offers/s`,
  );
  serverTimes.create.sort((a, b) => a - b);
  serverTimes.confirm.sort((a, b) => a - b);
  console.log(line('create, client (POST /api/offers)', createTimes));
  console.log(line('create, in server', serverTimes.create));
  console.log(line('confirm, client (POST /api/payments/local/confirm)', confirmTimes));
  console.log(line('confirm, in server', serverTimes.confirm));
  console.log(
    `errors: ${[...errors.values()].reduce((a, b) => a + b, 0)}${errors.size ? ` (${[...errors].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`,
  );
  console.log(`duplicate holds: ${duplicates.rows.length}`);
  console.log(
    `offers: ${offerTotals.count} rows (${offerTotals.pending} pending), £${(Number(offerTotals.pence) / 100).toFixed(2)}`,
  );
  console.log(
    `ledger (authorise, succeeded): ${ledgerTotals.count} rows, £${(Number(ledgerTotals.pence) / 100).toFixed(2)}; provider holds: ${intentTotals.count} (${intentTotals.held} held), £${(Number(intentTotals.pence) / 100).toFixed(2)}`,
  );
  const agrees =
    ledgerTotals.count === offerTotals.count &&
    Number(ledgerTotals.pence) === Number(offerTotals.pence) &&
    intentTotals.count === offerTotals.count &&
    Number(intentTotals.pence) === Number(offerTotals.pence) &&
    offerTotals.pending === offerTotals.count;
  console.log(`ledger totals == offers totals == provider totals: ${agrees ? 'yes' : 'NO'}`);
  console.log(
    `submitted this run: £${(submittedPence / 100).toFixed(2)}; CPU per offer (both calls, ${figures.cpuWhat}): ${round(cpuMsPerOffer)} ms${figures.mainThreadCpuMs === undefined ? '' : ` (main threads: ${round(figures.mainThreadCpuMs / Math.max(1, confirmTimes.length))} ms)`}; load average at end ${os.loadavg()[0].toFixed(1)}`,
  );

  await run.close();
  await database.close();
  await server?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!agrees || duplicates.rows.length > 0 || errors.size > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
