import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { migrationsFolder, pendingMigrationCount, runMigrations } from './migrate';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Instances started together on one PostgreSQL server all migrate on start (issue 32): the
 * advisory lock makes one of them do the work while the others wait and find nothing to do.
 */
describe.skipIf(!serverUrl)('migrations on a PostgreSQL server', () => {
  const name = `pts_migrate_${process.env.PTS_TEST_RUN_ID ?? 'local'}_${process.pid}`;
  const handles: DatabaseHandle[] = [];

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
    });
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i += 1) {
      handles.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 2 }));
    }
  });

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('three instances migrating an empty database at once all start, and each migration runs once', async () => {
    const outcomes = await Promise.allSettled(handles.map((handle) => runMigrations(handle)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);

    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await handles[0]!.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.count).toBe(journal.entries.length);
    expect(await pendingMigrationCount(handles[1]!)).toBe(0);
  });
});
