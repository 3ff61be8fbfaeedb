import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * The three-instance cluster of issue 32, as the README's "Deploying several instances" asks
 * for: the BUILT app (`npm run serve`'s command) three times on one PostgreSQL database and one
 * Redis, with one shared DATA_DIR (local storage), one SESSION_SECRET and one signing
 * certificate, behind Debian's haproxy (round-robin, health check on /api/health).
 * Everything it makes (processes, database, Redis keys, temp folder) goes in stop(), and an
 * exit hook does the same if the test process dies first.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
/** The PostgreSQL server the cluster's fresh database is made on (its `postgres` db). */
const ADMIN_URL =
  process.env.CLUSTER_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis database number of the cluster test's own: emptied before and after a run. */
const REDIS_DB = Number(process.env.CLUSTER_REDIS_DB ?? 13);
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`;
/** haproxy listens on the base port, the instances on the next three. */
const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 3160);
const SEED_LISTINGS = 40;

export interface Instance {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>: the instance itself, not through the balancer. */
  url: string;
  process: ChildProcess;
  logFile: string;
}

export interface Cluster {
  /** The balancer's address: what a user's browser would reach. */
  lb: string;
  /** The address the app believes it is served at (origin of CSRF-checked requests). */
  publicUrl: string;
  instances: Instance[];
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  /** kill -9 of one instance (no graceful shutdown); the balancer sees it gone. */
  kill9(instance: Instance): void;
  /** A pg client on the cluster's database, for the checks that read it directly. */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  redis(): Redis;
  /** The last lines each instance and haproxy logged (printed when a test fails). */
  logs(): string;
  stop(): Promise<void>;
}

/** `npm run build`, once for all three instances (they run the same dist/). */
export function buildOnce(): void {
  if (process.env.CLUSTER_SKIP_BUILD === '1') return;
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  console.log(`cluster: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A self-signed PKCS#12 for SIGNING_CERT_P12: one certificate for every instance. */
function writeSigningCertificate(dir: string): { p12Path: string; passphrase: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const subject = [{ name: 'commonName', value: 'PageToScreen cluster test' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(12).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: '3des',
  });
  const p12Path = path.join(dir, 'signing.p12');
  writeFileSync(p12Path, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  return { p12Path, passphrase };
}

function haproxyConfig(ports: number[]): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A connection refused by a dead instance is retried on another one.
    '  retries 2',
    '  option redispatch',
    'frontend cluster',
    `  bind 127.0.0.1:${BASE_PORT}`,
    '  option forwardfor',
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...ports.map((port, i) => `  server app${i + 1} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}

async function createDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Waits until `url` answers 200, or throws naming what it last saw. */
export async function waitFor200(url: string, timeoutMs: number, process?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (process && (process.exitCode !== null || process.signalCode !== null)) {
      throw new Error(`${url}: the process exited (${process.exitCode ?? process.signalCode})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms: ${last}`);
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the cluster: database, Redis db emptied, instance 1 (which migrates and seeds the demo
 * catalogue), then instances 2 and 3 together (they find the migrations done), then haproxy.
 * Resolves once every instance is ready (/api/ready) and the balancer answers.
 */
export async function startCluster(): Promise<Cluster> {
  const runId = randomBytes(4).toString('hex');
  const databaseName = `pts_cluster_${runId}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'pts-cluster-'));
  const dataDir = path.join(workDir, 'data');
  const lb = `http://127.0.0.1:${BASE_PORT}`;
  const publicUrl = `http://localhost:${BASE_PORT}`;
  const children: ChildProcess[] = [];
  const instances: Instance[] = [];
  let databaseMade = false;
  let stopped = false;
  const redisClients: Redis[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  // If the test process ends without stop() (a crash, Ctrl-C), nothing is left running.
  const onExit = () => {
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
    if (databaseMade && !stopped) {
      spawnSync(
        process.execPath,
        [
          '-e',
          `const pg=require('pg');const c=new pg.Client(${JSON.stringify(ADMIN_URL)});` +
            `c.connect().then(()=>c.query('DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)')).finally(()=>c.end())`,
        ],
        { cwd: root, timeout: 10_000 },
      );
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const flushRedis = async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    await redis.quit();
  };

  const certificate = writeSigningCertificate(workDir);
  const sharedEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    SIGNING_CERT_P12: certificate.p12Path,
    SIGNING_CERT_PASSPHRASE: certificate.passphrase,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    // The built-in payment provider (Stripe's test mode on our own database), as the browser
    // journeys use it: the offers burst needs no outside service.
    PAYMENT_PROVIDER: 'local',
    SEED_LISTINGS: String(SEED_LISTINGS),
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    EMBEDDING_WORKERS: '1',
  };

  const startInstance = (index: number, seed: boolean): Instance => {
    const port = BASE_PORT + 1 + index;
    const name = `app${index + 1}`;
    const logFile = path.join(workDir, `${name}.log`);
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: root,
      env: { ...sharedEnv, PORT: String(port), SEED_DEMO: seed ? 'true' : 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
    const instance = { name, port, url: `http://127.0.0.1:${port}`, process: child, logFile };
    instances.push(instance);
    return instance;
  };

  const logs = () =>
    [
      ...instances.map((i) => `--- ${i.name} (${i.logFile})\n${tail(i.logFile)}`),
      `--- haproxy\n${tail(path.join(workDir, 'haproxy.log'))}`,
    ].join('\n');

  const stop = async () => {
    if (stopped) return;
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
    await Promise.all(
      children.map((child) =>
        isRunning(child) ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await Promise.allSettled(redisClients.map((client) => client.quit()));
    await pool.end().catch(() => undefined);
    await flushRedis().catch(() => undefined);
    if (databaseMade) await dropDatabase(databaseName);
    stopped = true;
    rmSync(workDir, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  };

  try {
    await flushRedis();
    await createDatabase(databaseName);
    databaseMade = true;

    const first = startInstance(0, true);
    await waitFor200(`${first.url}/api/ready`, 240_000, first.process);
    const others = [startInstance(1, false), startInstance(2, false)];
    await Promise.all(others.map((i) => waitFor200(`${i.url}/api/ready`, 240_000, i.process)));

    const configFile = path.join(workDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(instances.map((i) => i.port)));
    const haproxyLog = createWriteStream(path.join(workDir, 'haproxy.log'));
    const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stdout?.pipe(haproxyLog);
    haproxy.stderr?.pipe(haproxyLog);
    children.push(haproxy);
    await waitFor200(`${lb}/api/health`, 15_000, haproxy);
  } catch (error) {
    const detail = logs();
    await stop();
    throw new Error(`the cluster did not start: ${String(error)}\n${detail}`);
  }

  return {
    lb,
    publicUrl,
    instances,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    kill9: (instance) => {
      instance.process.kill('SIGKILL');
    },
    query: async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
      (await pool.query<T>(sql, values)).rows,
    redis: () => {
      const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      redisClients.push(client);
      return client;
    },
    logs,
    stop,
  };
}
