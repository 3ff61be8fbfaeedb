import { existsSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { trackRequests } from '@/server/db/background-priority';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './seed/seed-demo';
import { bootstrapAdmin } from '@/domains/accounts/server';
import { whenCatalogueIndexesBuilt } from '@/domains/listings/server';

/**
 * Settings from `.env` in the working directory, when there is one (`.env.example` lists them);
 * a variable already set in the environment wins over the file.
 */
function loadEnvFile(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

async function main(): Promise<void> {
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // A diagnostic (issue 33): PTS_SLOW_STATEMENT_MS=50 logs every embedded-database statement
  // that took 50 ms or more, and whether a job or a request made it.
  const slowStatementMs = Number(process.env.PTS_SLOW_STATEMENT_MS) || undefined;
  // Statements run before the app (and its log) exists: migrations are not reported.
  const slowLog: { to?: { warn: (details: object, message: string) => void } } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteThread: config.pgliteThread,
    // Without its database the server can answer nothing: exit, to be restarted.
    onDatabaseFailure: (error) => {
      console.error('The embedded database stopped:', error);
      process.exit(1);
    },
    slowStatementMs,
    onSlowStatement: (statement) => slowLog.to?.warn(statement, 'slow statement'),
  });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  slowLog.to = app.log;
  // Jobs' statements wait for the requests this server is answering (decision 025).
  trackRequests(app.server);

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, { listings: config.seedListings });
    if (seeded) app.log.info(seeded, 'demo catalogue seeded');
  }
  if (config.admin) {
    const created = await bootstrapAdmin(database.db, config.admin);
    if (created) app.log.info({ email: config.admin.email }, 'admin account created');
  }

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    const started = Date.now();
    await app.close();
    const closedApp = Date.now();
    await database.close();
    app.log.info(
      { closeAppMs: closedApp - started, closeDatabaseMs: Date.now() - closedApp },
      'shut down',
    );
    // Everything that matters is closed; a model thread still finishing a batch nobody
    // will read must not hold the exit.
    process.exit(err ? 1 : 0);
  });

  // Jobs wait until this instance's catalogue index is built (issue 33): until then searches
  // would be answered by SQL, and on the embedded database by the server's own thread, so
  // there the index is built before listening (about 5–13 s at 100,000 listings on a quiet
  // 2-core machine): every search after listening is answered from it. On a PostgreSQL
  // server SQL runs elsewhere and the instance listens at once while the index is built.
  await app.ready();
  const jobsRun = config.instanceRole !== 'web';
  if (jobsRun) app.jobs.holdUntil(whenCatalogueIndexesBuilt());
  if (database.kind === 'pglite') {
    const buildStarted = Date.now();
    await whenCatalogueIndexesBuilt();
    app.log.info({ ms: Date.now() - buildStarted }, 'catalogue index built before listening');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`PageToScreen is ready at ${config.publicUrl}`);
  if (!config.smtpUrl) {
    app.log.warn(
      'SMTP_URL is not set: emails are kept in the mail_outbox table and written to this log, ' +
        'verification and reset links included. Set SMTP_URL before real users sign up.',
    );
  }

  // What the last run left half done (e.g. offer provider calls whose outcome a crash never
  // saw): each room's jobs say what to finish at start; failures are retried by the queue.
  // A web-only instance leaves that to the jobs instances.
  if (jobsRun) await app.jobs.runStartTasks();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
