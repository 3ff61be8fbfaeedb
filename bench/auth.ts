// Sign-in throughput: the real app over real HTTP on a random port (embedded PGlite), one
// verified user, 8 concurrent sign-in loops for about 10 seconds. Prints requests per second
// and latency percentiles, with the argon2id parameters in use.
//   npx tsx bench/auth.ts [--seconds 10] [--concurrency 8]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@/app/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { users } from '@/domains/accounts/server/accounts.tables';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '@/domains/accounts/server';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-bench-auth-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({});
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;

  const email = 'bench.user@example.test';
  const password = 'bench-password-123';
  await database.db.insert(users).values({
    email,
    username: 'bench_user',
    passwordHash: await hashPassword(password),
    firstName: 'Bench',
    lastName: 'User',
    emailVerifiedAt: new Date(),
  });

  const signInOnce = async (): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      // The app's own origin, as a browser on this site would send (CSRF check).
      headers: { 'content-type': 'application/json', origin: config.publicUrl },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    return performance.now() - started;
  };

  // Warm-up: JIT, connection pool, first argon2 allocations.
  for (let i = 0; i < 8; i += 1) await signInOnce();

  // The cost of one password check alone, one at a time, for scale.
  const [row] = await database.db.select({ hash: users.passwordHash }).from(users);
  const verifyTimes: number[] = [];
  const verifyCpuBefore = process.cpuUsage();
  for (let i = 0; i < 15; i += 1) {
    const started = performance.now();
    await verifyPassword(row.hash, password);
    verifyTimes.push(performance.now() - started);
  }
  const verifyCpu = process.cpuUsage(verifyCpuBefore);
  const cpuMsPerVerify = (verifyCpu.user + verifyCpu.system) / 1000 / verifyTimes.length;
  verifyTimes.sort((a, b) => a - b);

  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        try {
          latencies.push(await signInOnce());
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  // CPU time of this process (all threads: argon2 workers, PGlite, HTTP), which does not
  // depend on what else the machine is running, unlike the wall-clock figures.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerSignIn = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);

  const round = (n: number) => Math.round(n * 10) / 10;
  console.log('bench/auth — POST /api/auth/login over HTTP, embedded PGlite');
  console.log(
    `argon2id: m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism} (OWASP minimum: m=19456 KiB, t=2, p=1)`,
  );
  console.log(
    `one argon2id verify alone: median ${round(percentile(verifyTimes, 50))} ms wall, ${round(cpuMsPerVerify)} ms CPU`,
  );
  console.log(`concurrency ${concurrency}, ${round(elapsed)} s, ${os.cpus().length} CPUs`);
  console.log(`sign-ins: ${latencies.length} ok, ${errors} failed`);
  console.log(`throughput: ${round(latencies.length / elapsed)} sign-ins/s`);
  console.log(
    `CPU per sign-in: ${round(cpuMsPerSignIn)} ms (so about ${round((os.cpus().length * 1000) / cpuMsPerSignIn)} sign-ins/s on ${os.cpus().length} idle cores); load average at end ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `latency ms: p50 ${round(percentile(latencies, 50))}, p95 ${round(percentile(latencies, 95))}, p99 ${round(percentile(latencies, 99))}, max ${round(latencies.at(-1) ?? Number.NaN)}`,
  );

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
