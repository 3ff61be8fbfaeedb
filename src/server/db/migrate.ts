import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

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

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, {
      migrationsFolder: migrationsFolderPath,
    });
  } else {
    await migratePg(handle.db, { migrationsFolder: migrationsFolderPath });
  }
}
