import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresErrorCode } from '@/shared/errors';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * The embedded database in its own thread (issue 33, decision 026): the server's Drizzle
 * database must behave exactly as on PGlite in-process (answers, types, transactions, error
 * codes, persistence), while the server's event loop keeps running during a long statement.
 */
describe('PGlite in a worker thread', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pts-thread-'));
    handle = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteThread: true });
    await handle.db.execute(
      sql`create table things (id serial primary key, name text unique not null, at timestamptz not null default now(), n numeric)`,
    );
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers statements with the same values as PGlite in-process', async () => {
    await handle.db.execute(sql`insert into things (name, n) values ('one', 1.50)`);
    const result = await handle.db.execute<{ name: string; at: string; n: string }>(
      sql`select name, at, n from things where name = ${'one'}`,
    );
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0].name).toBe('one');
    // Drizzle asks for timestamps as text: the worker keeps them text, as PGlite does here.
    expect(typeof result.rows[0].at).toBe('string');
    expect(result.rows[0].n).toBe('1.50');
  });

  it('commits a transaction that finishes and rolls back one that throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('kept')`);
      // A savepoint inside it (Drizzle's nested transaction) rolls back alone.
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into things (name) values ('inner')`);
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (name) values ('dropped')`);
        throw new Error('undo all of it');
      }),
    ).rejects.toThrow('undo all of it');
    const names = await handle.db.execute<{ name: string }>(
      sql`select name from things order by id`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(['one', 'kept']);
  });

  it('keeps PostgreSQL error codes, so a duplicate is still told apart', async () => {
    const error: unknown = await handle.db
      .execute(sql`insert into things (name) values ('one')`)
      .catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('23505');
    // And the database is still usable afterwards.
    const count = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from things`,
    );
    expect(count.rows[0].count).toBe(2);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await handle.db.execute(
      sql`select count(*) from generate_series(1, 500000) as a(x) where md5(x::text) like 'ab%'`,
    );
    const ms = performance.now() - started;
    clearInterval(timer);
    // In-process the timer cannot fire until the statement ends (zero ticks). Here it fires
    // throughout; a busy machine may slow it, never stop it.
    expect(ms).toBeGreaterThan(150);
    expect(ticks).toBeGreaterThanOrEqual(Math.min(10, Math.floor(ms / 50)));
  }, 60_000);

  it('keeps what was written after the thread is closed and the directory opened again', async () => {
    await handle.close();
    handle = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteThread: true });
    const names = await handle.db.execute<{ name: string }>(
      sql`select name from things order by id`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(['one', 'kept']);
  }, 60_000);

  it('fails a statement sent after the thread stopped at once, rather than leaving it waiting', async () => {
    await handle.close();
    const error: unknown = await handle.db
      .execute(sql`select 1`)
      .catch((caught: unknown) => caught);
    // Drizzle wraps the driver's error; the cause says what happened.
    expect(String((error as { cause?: unknown }).cause)).toMatch(/database thread stopped/);
  });
});
