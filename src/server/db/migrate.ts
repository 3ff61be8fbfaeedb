import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { serverPoolOf } from './listen';

/**
 * The advisory lock every instance takes around its migrations on a PostgreSQL server, so two
 * instances started together never run the same migration at once: the second waits, then
 * finds nothing left to do. Any constant works if nothing else in the database uses it.
 */
export const MIGRATION_LOCK_KEY = 7_202_611;

/** db/migrations, found from the source tree or from the bundled server in dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'db', 'migrations');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('db/migrations not found');
}

/**
 * A copy of the migrations folder whose journal ends just before `tag`: a test of a data
 * migration builds the database the previous release left, puts rows of the old shape in it,
 * then runs the rest (drizzle runs whatever the journal lists after what was applied).
 */
function migrationsFolderBefore(tag: string): string {
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration tagged ${tag}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'pts-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  for (const entry of journal.entries.slice(0, stop)) {
    cpSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }),
  );
  return folder;
}

/**
 * Brings the database up to this release's schema. `before` (tests only) stops just before the
 * migration with that tag, e.g. '0019_rights_for_existing_deals'.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  options: { before?: string } = {},
): Promise<void> {
  if (options.before) {
    const folder = migrationsFolderBefore(options.before);
    try {
      await migrateFrom(handle, folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    return;
  }
  await migrateFrom(handle, migrationsFolder());
}

async function migrateFrom(handle: DatabaseHandle, migrationsFolderPath: string): Promise<void> {
  if (handle.kind === 'pglite') {
    // One process owns an embedded database: there is nobody to race.
    await migratePglite(handle.db as unknown as PgliteDatabase, {
      migrationsFolder: migrationsFolderPath,
    });
    return;
  }
  // An advisory lock belongs to a session, so the lock, the migrations and the unlock all run
  // on one connection taken from the pool.
  const pool = serverPoolOf(handle.db);
  if (!pool) throw new Error('a PostgreSQL handle without its pool');
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolderPath });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

let journalLength: number | undefined;

/**
 * How many of this release's migrations the database has not had yet (readiness): another
 * instance may be migrating while this one starts (it waits on the lock, see runMigrations).
 */
export async function pendingMigrationCount(handle: DatabaseHandle): Promise<number> {
  journalLength ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  const result = await handle.db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return Math.max(0, journalLength - Number(result.rows[0]?.applied ?? 0));
}
