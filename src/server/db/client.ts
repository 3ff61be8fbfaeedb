import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
// pgvector 0.8 for PGlite; it requires exactly @electric-sql/pglite 0.5.14 (decision 015).
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isBackgroundWork, takeBackgroundTurn } from './background-priority';
import { openPgliteThread, type PgliteThreadClient } from './pglite-thread';

/**
 * The app talks to one Drizzle type. PGlite's and node-postgres' Drizzle databases share the
 * same query builder and transaction API, so the PGlite one is typed as the node-postgres one.
 * No schema is passed: nothing uses Drizzle's relational queries, and the platform names no
 * room's tables (queries import each table from its room).
 */
export type Database = NodePgDatabase;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: use cases accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for PGlite; undefined means in-memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** PGlite's buffer cache (postgres shared_buffers); its default of 128MB dominates RSS. */
  pgliteSharedBuffers?: string;
  /** Told of every statement that took at least `slowStatementMs` (a diagnostic, issue 33). */
  onSlowStatement?: (statement: { sql: string; ms: number; background: boolean }) => void;
  slowStatementMs?: number;
  /**
   * Run the embedded database in a worker thread (`pglite-thread.ts`, decision 026): the
   * server's event loop never waits for a statement. The server sets it; scripts and tests
   * keep PGlite on their own thread (the seed's COPY needs the client itself).
   */
  pgliteThread?: boolean;
  /** The database thread died: called once (the server exits and is restarted). */
  onDatabaseFailure?: (error: Error) => void;
}

type StatementOptions = Pick<OpenDatabaseOptions, 'onSlowStatement' | 'slowStatementMs'>;

/**
 * PGlite as Drizzle sees it, with background work put behind requests: a job's statement (or
 * transaction) outside a transaction first waits for the requests in flight, and for the
 * other jobs' statements, one at a time (`background-priority.ts`). Statements inside a
 * transaction never wait: the transaction holds the database, and a request waiting for it
 * would wait longer. `client` is PGlite itself or the thread that runs it (decision 026):
 * both have the `query`, `exec` and `transaction` Drizzle's PGlite driver calls, and the
 * proxy only times them and passes their arguments through unchanged.
 */
function behindRequests<Client extends PGlite | PgliteThreadClient>(
  client: Client,
  options: StatementOptions,
): Client {
  const slowMs = options.slowStatementMs ?? Number.POSITIVE_INFINITY;
  const timed = async <T>(sqlText: string, run: () => Promise<T>): Promise<T> => {
    const background = isBackgroundWork();
    const release = background ? await takeBackgroundTurn() : undefined;
    const started = performance.now();
    try {
      return await run();
    } finally {
      release?.();
      const ms = performance.now() - started;
      if (ms >= slowMs) options.onSlowStatement?.({ sql: sqlText.slice(0, 300), ms, background });
    }
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec') {
        const method = target[property].bind(target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => timed(String(args[0]), () => method(...args));
      }
      if (property === 'transaction') {
        // Each client's transaction takes its own kind of callback; the one Drizzle passes is
        // handed on as it came.
        const method = target.transaction.bind(target) as (work: unknown) => Promise<unknown>;
        return (work: unknown) => timed('(transaction)', () => method(work));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle client erroring (server restart) must not crash the process.
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      db: drizzlePg(pool),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const settings = [
    '-c',
    `shared_buffers=${options.pgliteSharedBuffers ?? '16MB'}`,
    // PostgreSQL zero-fills each new 16 MB WAL segment by default; in PGlite that runs on
    // the database's thread, 65–85 ms inside whichever statement crosses into the segment
    // (decision 013). Without it a full disk is met at a later WAL write instead; crash
    // safety is the same (WAL records are checksummed).
    '-c',
    'wal_init_zero=off',
  ];
  if (options.pgliteThread && options.pgliteDir) {
    const thread = await openPgliteThread({
      dataDir: options.pgliteDir,
      startParams: settings,
      onFailure: options.onDatabaseFailure,
    });
    return {
      kind: 'pglite',
      // Drizzle's driver is typed for PGlite itself; the thread has exactly the part of it the
      // driver calls (query, exec, transaction), hence the cast. The result is typed as the
      // node-postgres database like the in-process one (see `Database`).
      db: drizzlePglite(
        behindRequests(thread, options) as unknown as PGlite,
      ) as unknown as Database,
      close: () => thread.close(),
    };
  }
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm, vector },
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  return {
    kind: 'pglite',
    db: drizzlePglite(behindRequests(client, options)) as unknown as Database,
    close: () => client.close(),
  };
}
