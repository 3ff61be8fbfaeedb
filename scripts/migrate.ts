/** npm run db:migrate — applies db/migrations to the configured database and exits. */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const pgliteDir = path.join(config.dataDir, 'db');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${pgliteDir}`;
  console.log(`Migrations applied to ${where}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
