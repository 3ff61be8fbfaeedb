import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';

let shared: Promise<DatabaseHandle> | undefined;

/** Name of this worker's database on the PostgreSQL server leg. */
export function workerDatabaseName(): string {
  return `pts_test_${process.env.PTS_TEST_RUN_ID ?? 'local'}_${process.env.VITEST_POOL_ID ?? '0'}`;
}

async function openWorkerDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await runMigrations(handle);
    return handle;
  }
  const name = workerDatabaseName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await runMigrations(handle);
  return handle;
}

/** This worker's database (PGlite in memory, or its own database on the server), migrated. */
export function getWorkerDatabase(): Promise<DatabaseHandle> {
  shared ??= openWorkerDatabase();
  return shared;
}

/** Empties every table so each test file starts from a clean database. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const result = await handle.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = result.rows.map((row) => `"${row.tablename}"`);
  if (tables.length) {
    await handle.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  }
}
