// Starts the BUILT app for the browser tests on a fresh, temporary data directory
// (migrated and seeded with the demo catalogue), and removes the directory when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '3100';
// Mail goes to the journeys' SMTP catcher (tests/e2e/helpers/mail-catcher.ts) on this port;
// while no journey listens, each mail is only marked 'failed' in the outbox.
const smtpPort = process.env.E2E_SMTP_PORT ?? String(Number(port) + 25);
// The enrichment services point at local fakes that the enrichment journey
// (tests/e2e/admin-enrichment.spec.ts) starts on these ports; while it is not running they are
// simply unreachable. E2E_ENRICHMENT=off leaves them unconfigured: the journey starts a second
// server that way to see the 'not configured' screens.
const fakesPort = Number(process.env.E2E_ENRICHMENT_PORT ?? Number(port) + 30);
const enrichmentEnv =
  process.env.E2E_ENRICHMENT === 'off'
    ? {}
    : {
        GOOGLE_BOOKS_API_BASE: `http://127.0.0.1:${fakesPort}/books/v1`,
        GOOGLE_BOOKS_API_KEY: 'fake-google-books-key',
        YOUTUBE_API_BASE: `http://127.0.0.1:${fakesPort + 1}/youtube/v3`,
        YOUTUBE_API_KEY: 'fake-youtube-key',
        X_API_BASE: `http://127.0.0.1:${fakesPort + 2}/2`,
        X_BEARER_TOKEN: 'fake-x-bearer-token',
      };
const dataDir = mkdtempSync(path.join(tmpdir(), 'pagetoscreen-e2e-'));

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  // Its own process group: a stop signal reaches it once, through this script.
  detached: true,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_DEMO: 'true',
    // A second, smaller server (the enrichment journey's keyless one) asks for fewer.
    SEED_LISTINGS: process.env.E2E_SEED_LISTINGS ?? '1200',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    REDIS_URL: '',
    // POST /api/test/clock: the rights journey lets an option lapse (issue 29, decision 023).
    TEST_CLOCK: 'true',
    ...enrichmentEnv,
  },
});

const isRunning = () => server.exitCode === null && server.signalCode === null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (isRunning()) server.kill(signal);
  });
}
process.on('exit', () => {
  if (isRunning()) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
});
