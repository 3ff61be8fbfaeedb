/**
 * npm run bench:as-started -- --data-dir <DATA_DIR seeded with `npm run seed`> [options]
 *
 * Issue 33: the catalogue measured the way a newcomer runs the product. The BUILT server is
 * started as `npm start` starts it (`dist/server/main.js`, NODE_ENV=production, every
 * background job on), with one addition: `bench/lib/loop-monitor.mjs` is preloaded to record
 * the main thread's event-loop delay from the moment it listens. Then, over real HTTP:
 *
 * 1. the first search, sent the moment `/api/health` first answers (target: within 1 s);
 * 2. phase "start": from the first second, N never-seen searches (the cold bench's generator,
 *    `bench/catalogue-cold.ts`) one after another with a health probe every 10 ms, then the
 *    same searches again (warm), then pages of 100 at random offsets across the catalogue;
 * 3. phase "jobs": once the embedding job has embedded something (and at least `--later-s`
 *    after listening), the same with another seed's searches;
 * 4. the longest event-loop delay after listening, per phase and overall, and every stall
 *    over 50 ms with the server's log lines just before it.
 *
 * Options: --queries N (300), --seed N (1), --later-s N (120), --watch-s N (watch the loop
 * this much longer after the phases, e.g. through the analysis recompute; 0),
 * --postgres URL (DATABASE_URL instead of the embedded database; --data-dir still names the
 * server's DATA_DIR), --cpu-prof (writes the server's CPU profile to the data dir on exit),
 * PGLITE_SHARED_BUFFERS and other settings pass through from the environment.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@/app/server/seed/demo-accounts';
import { coldQueries } from './catalogue-cold';

const root = path.resolve(import.meta.dirname, '..');

function requireBuild(): void {
  if (!existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
    console.error('The app is not built: run `npm run build` first.');
    process.exit(1);
  }
}

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    postgres: { type: 'string' },
    queries: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    'later-s': { type: 'string', default: '120' },
    'watch-s': { type: 'string', default: '0' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

const dataDir = args['data-dir'];
if (!dataDir || (!args.postgres && !existsSync(path.join(dataDir, 'db')))) {
  console.error(
    'Usage: npm run bench:as-started -- --data-dir <DATA_DIR> [--postgres URL] ' +
      '[--queries 300] [--seed 1] [--later-s 120] [--watch-s 0] [--cpu-prof]\n' +
      'Seed the directory first: DATA_DIR=<dir> npm run seed -- --listings 100000',
  );
  process.exit(1);
}
requireBuild();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const f = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : '—');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** What the cold generator draws from, read before the server starts (it owns the database). */
async function readVocabulary() {
  const database = await openDatabase({
    databaseUrl: args.postgres,
    pgliteDir: path.join(dataDir!, 'db'),
  });
  const { db } = database;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql.raw>) =>
    (await db.execute<T>(query)).rows;
  const vocabulary = (
    await rows<{ word: string }>(
      sql.raw(`select word from ts_stat('select search_vector from listings where id % 37 = 0')
        where word ~ '^[a-z]{3,}$' order by ndoc desc limit 3000`),
    )
  ).map((row) => row.word);
  const genres = (
    await rows<{ genre: string }>(
      sql.raw(`select genre from listings where genre is not null group by genre
        order by count(*) desc limit 30`),
    )
  ).map((row) => row.genre);
  const territories = (
    await rows<{ t: string }>(
      sql.raw(`select t from (select unnest(territory) as t from listings where id % 37 = 0) s
        group by t order by count(*) desc limit 20`),
    )
  ).map((row) => row.t);
  const [{ n }] = await rows<{ n: number }>(sql.raw('select count(*)::int as n from listings'));
  await database.close();
  return { vocabulary, genres, territories, listings: Number(n) };
}

interface LogLine {
  time?: number;
  msg?: string;
  job?: string;
  ms?: number;
  result?: unknown;
  [key: string]: unknown;
}

function startServer(port: number, logFile: string, monitorFile: string) {
  const nodeArgs = ['--import', path.join(root, 'bench/lib/loop-monitor.mjs')];
  if (args['cpu-prof']) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dataDir}`);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: args.postgres ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOOP_MONITOR_FILE: monitorFile,
    },
  });
  const lines: LogLine[] = [];
  let buffered = '';
  const take = (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        lines.push({ time: Date.now(), msg: part });
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    lines,
    logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Phase {
  name: string;
  startedAt: number;
  endedAt: number;
  sinceListenS: number;
  cold: number[];
  warm: number[];
  deep: number[];
  probe: number[];
  slowest: { url: string; ms: number }[];
  load: string;
}

/** The signed-in producer's session cookie (the catalogue needs a session). */
let cookie = '';

async function signIn(base: string): Promise<void> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_EMAILS.producer, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function runPhase(
  name: string,
  base: string,
  listenAt: number,
  urls: string[],
  total: number,
  seed: number,
): Promise<Phase> {
  const startedAt = Date.now();
  const probe: number[] = [];
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      probe.push(performance.now() - started);
      const wait = 10 - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
  })();
  const cold: number[] = [];
  const timings: { url: string; ms: number }[] = [];
  for (const url of urls) {
    const ms = await timed(`${base}${url}`);
    cold.push(ms);
    timings.push({ url, ms });
  }
  const warm: number[] = [];
  for (const url of urls.slice(0, 100)) warm.push(await timed(`${base}${url}`));
  // Deep pages: limit=100 at offsets spread over the whole catalogue, in each order.
  const deep: number[] = [];
  const sorts = ['newest', 'price-high', 'price-low', 'viability'];
  let state = seed * 7919;
  for (let i = 0; i < 60; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const offset = Math.floor((state / 2 ** 31) * Math.max(0, total - 100));
    const url = `/api/listings?limit=100&offset=${offset}&sort=${sorts[i % sorts.length]}`;
    const ms = await timed(`${base}${url}`);
    deep.push(ms);
    timings.push({ url, ms });
  }
  probing = false;
  await probeLoop;
  timings.sort((a, b) => b.ms - a.ms);
  return {
    name,
    startedAt,
    endedAt: Date.now(),
    sinceListenS: (startedAt - listenAt) / 1000,
    cold,
    warm,
    deep,
    probe,
    slowest: timings.slice(0, 5),
    load: load(),
  };
}

interface MonitorLine {
  listening?: number;
  at: number;
  maxMs: number;
  p99Ms: number;
  gaps: { at: number; ms: number }[];
}

function readMonitor(file: string) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MonitorLine);
  const listening = lines.find((line) => line.listening)?.listening ?? 0;
  return { listening, windows: lines.filter((line) => !line.listening) };
}

const maxIn = (windows: MonitorLine[], from: number, to: number) =>
  Math.max(0, ...windows.filter((w) => w.at >= from && w.at <= to + 1000).map((w) => w.maxMs));

async function main() {
  const started = Date.now();
  const words = await readVocabulary();
  console.log(
    `as-started: ${words.listings.toLocaleString('en-GB')} listings, ` +
      `${args.postgres ? 'PostgreSQL' : 'PGlite'}; load ${load()}; node ${process.version}; ` +
      `vocabulary read in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const work = mkdtempSync(path.join(tmpdir(), 'pts-as-started-'));
  const monitorFile = path.join(work, 'loop.jsonl');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, path.join(work, 'server.log'), monitorFile);
  process.once('exit', () => server.child.kill('SIGKILL'));
  const spawnedAt = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) {
      const last = server.lines.slice(-5).map((line) => line.msg ?? JSON.stringify(line));
      throw new Error(`the server exited before it listened:\n${last.join('\n')}`);
    }
    try {
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const healthyAt = Date.now();
  await signIn(base);
  const signInMs = Date.now() - healthyAt;
  const seed = Number(args.seed);
  const firstWord = words.vocabulary[seed % words.vocabulary.length];
  const firstMs = await timed(`${base}/api/listings?search=${firstWord}&limit=24`);
  const listenAt = readMonitor(monitorFile).listening || healthyAt;
  const firstAnsweredS = (Date.now() - listenAt) / 1000;
  console.log(
    `listening ${((listenAt - spawnedAt) / 1000).toFixed(1)} s after spawn; first search ` +
      `("${firstWord}") answered in ${f(firstMs)} ms, ${firstAnsweredS.toFixed(2)} s after listening ` +
      `(health first answered ${((healthyAt - listenAt) / 1000).toFixed(2)} s after listening; ` +
      `the sign-in before the search took ${signInMs} ms)`,
  );

  const queries = Number(args.queries);
  // Issue 29's avails filter is in the mix, as in bench/catalogue --cold's default.
  const options = { address: base, cookie: '', queries, avails: 'mix' as const, ...words };
  const phases: Phase[] = [];
  phases.push(
    await runPhase(
      'start',
      base,
      listenAt,
      coldQueries({ ...options, seed }),
      words.listings,
      seed,
    ),
  );

  // The jobs phase: the embedding job has embedded something and the analysis job has had
  // time to start its recompute.
  const embedding = () =>
    server.lines.some(
      (line) =>
        line.job === 'embed-listings' &&
        typeof line.result === 'object' &&
        line.result !== null &&
        Number((line.result as { embedded?: number }).embedded) > 0,
    );
  const laterAt = listenAt + Number(args['later-s']) * 1000;
  while (Date.now() < laterAt || !embedding()) {
    if (Date.now() > laterAt + 600_000) break;
    await sleep(500);
  }
  phases.push(
    await runPhase(
      `jobs${embedding() ? ' (embedding in progress)' : ' (embedding NOT seen)'}`,
      base,
      listenAt,
      coldQueries({ ...options, seed: seed + 1 }),
      words.listings,
      seed + 1,
    ),
  );
  const watchS = Number(args['watch-s']);
  if (watchS > 0) await sleep(watchS * 1000);
  await sleep(1500);
  const stoppedAt = Date.now();
  await server.stop();
  writeFileSync(server.logFile, server.lines.map((line) => JSON.stringify(line)).join('\n'));

  const { windows } = readMonitor(monitorFile);
  console.log(
    '\n| phase | from (s after listen) | cold p50 / p95 / max | warm p95 | deep (limit 100) p95 / max | health p99 / max | loop delay max | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const phase of phases) {
    console.log(
      `| ${phase.name} | ${phase.sinceListenS.toFixed(1)} | ${f(pct(phase.cold, 50))} / ` +
        `**${f(pct(phase.cold, 95))}** / **${f(Math.max(...phase.cold))}** | ` +
        `**${f(pct(phase.warm, 95))}** | **${f(pct(phase.deep, 95))}** / ${f(Math.max(...phase.deep))} | ` +
        `**${f(pct(phase.probe, 99))}** / ${f(Math.max(...phase.probe))} | ` +
        `${f(maxIn(windows, phase.startedAt, phase.endedAt))} ms | ${phase.load} |`,
    );
  }
  console.log(
    `\nLongest event-loop delay after listening (monitorEventLoopDelay), whole run ` +
      `(${((stoppedAt - listenAt) / 1000).toFixed(0)} s): **${f(maxIn(windows, listenAt, stoppedAt))} ms**` +
      `; first search ${f(firstMs)} ms at ${firstAnsweredS.toFixed(2)} s after listening.`,
  );
  for (const phase of phases) {
    console.log(
      `slowest in ${phase.name}: ${phase.slowest.map((s) => `${f(s.ms)} ${s.url}`).join('; ')}`,
    );
  }
  const gaps = windows.flatMap((w) => w.gaps);
  console.log(`\nStalls over 50 ms (5 ms timer): ${gaps.length}`);
  for (const gap of gaps.slice(0, 40)) {
    const before = server.lines
      .filter((line) => (line.time ?? 0) <= gap.at && (line.time ?? 0) >= gap.at - gap.ms - 2000)
      .slice(-3)
      .map((line) => `${line.job ?? ''} ${line.msg ?? ''}`.trim().slice(0, 80));
    console.log(
      `  +${((gap.at - listenAt) / 1000).toFixed(1)} s: ${gap.ms} ms (log before: ${before.join(' | ') || '—'})`,
    );
  }
  const jobs = new Map<string, number>();
  for (const line of server.lines) {
    if (line.msg === 'job done' && line.job) jobs.set(line.job, (jobs.get(line.job) ?? 0) + 1);
  }
  console.log(`\nJob runs finished: ${[...jobs].map(([job, n]) => `${job} ×${n}`).join(', ')}`);
  console.log(`Loop record: ${monitorFile}; server log: ${server.logFile}`);
}

await main();
