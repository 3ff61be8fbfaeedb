/**
 * npm run seed -- [--listings N] [--reset]
 * Migrates the configured database (PGlite in DATA_DIR/db, or DATABASE_URL) and loads the demo
 * catalogue and demo accounts. Refuses a database that already has data unless --reset is given,
 * which empties every table first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/app/server/seed/seed-demo';
import { truncateAllTables } from '@/app/server/seed/reset-database';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@/app/server/seed/demo-accounts';

const USAGE = 'Usage: npm run seed -- [--listings N] [--reset]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseOptions(defaultListings: number): { listings: number; reset: boolean } {
  let values: { listings?: string; reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        listings: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const listings = values.listings === undefined ? defaultListings : Number(values.listings);
  if (!Number.isInteger(listings) || listings < 0 || listings > 2_000_000) {
    fail(`--listings must be a whole number between 0 and 2000000\n${USAGE}`);
  }
  return { listings, reset: values.reset ?? false };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const options = parseOptions(config.seedListings);

  const pgliteDir = path.join(config.dataDir, 'db');
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${pgliteDir}`;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  let exitCode = 0;
  try {
    await runMigrations(database);
    if (options.reset) {
      const tables = await truncateAllTables(database.db);
      console.log(`Emptied ${tables.length} tables.`);
    }
    const started = performance.now();
    const summary = await seedDemoIfEmpty(database.db, { listings: options.listings });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (!summary) {
      console.error(
        `The database (${where}) already has users or listings, so nothing was seeded.\n` +
          'Run `npm run seed -- --reset` to empty every table and seed again.',
      );
      exitCode = 1;
    } else {
      console.log(
        `Seeded ${summary.listings.toLocaleString('en-GB')} listings, ` +
          `${summary.agents} literary agents and 4 demo accounts into ${where} in ${seconds} s.`,
      );
      console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
      for (const email of Object.values(DEMO_EMAILS)) console.log(`  ${email}`);
    }
  } finally {
    await database.close();
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
