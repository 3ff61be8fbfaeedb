import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a thread of its own (issue 33, decision 026). PGlite runs
 * PostgreSQL compiled to WebAssembly on whichever thread calls it, and a statement runs to its
 * end before that thread does anything else: on the server's thread a job's 100 ms statement
 * was 100 ms in which no request was read, no health probe answered, no timer fired. Here the
 * database lives in a worker thread and the server's thread only sends statements and reads
 * answers, so its event loop stays free whatever the database is doing.
 *
 * It is the part of PGlite's interface Drizzle uses (`query`, `exec`, `transaction`), spoken
 * by messages. A transaction is a conversation: `begin` opens one in the worker (PGlite's own
 * `transaction`, which holds the database for it), the statements name it, `end` commits or
 * rolls back. Drizzle's row parsers are functions, which cannot cross threads: it only ever
 * passes "keep the text" parsers (dates, timestamps, intervals), sent as their type ids.
 */

export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface ThreadResults<T = unknown> {
  rows: T[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** What a transaction's statements are sent through. */
export interface ThreadTransaction {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<T>>;
  exec(sql: string, options?: ThreadQueryOptions): Promise<ThreadResults[]>;
}

export interface PgliteThreadOptions {
  dataDir: string;
  /** PostgreSQL settings passed at start (`-c name=value` pairs, flattened). */
  startParams: string[];
  /** The thread died or PGlite aborted: nothing more can be answered. */
  onFailure?: (error: Error) => void;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: string;
      rawTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; rawTypes: number[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

interface Reply {
  id: number;
  value?: unknown;
  error?: Record<string, unknown>;
}

/**
 * The worker's code, evaluated as CommonJS (like the embedding model's worker): it runs the
 * same from the TypeScript sources and from the bundled server, which has no separate worker
 * file. Everything it does is in the comment above; errors travel as their plain fields
 * (`code`, `constraint`, `detail`...) because an Error's own fields do not survive a message.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.trgmPath);
const { vector } = require(workerData.vectorPath);
const keepText = (value) => value;
const optionsOf = (message) => {
  const parsers = {};
  for (const type of message.rawTypes || []) parsers[type] = keepText;
  return message.rowMode ? { rowMode: message.rowMode, parsers } : { parsers };
};
const plainError = (error) => {
  const fields = { message: String((error && error.message) || error), name: (error && error.name) || 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
};
const transactions = new Map();
let nextTransaction = 1;
const ready = PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm, vector },
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
});
ready.catch(() => undefined);
async function answer(message) {
  const db = await ready;
  const on = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
  if (!on) throw new Error('That transaction has ended');
  switch (message.op) {
    case 'query': return on.query(message.sql, message.params, optionsOf(message));
    case 'exec': return on.exec(message.sql, optionsOf(message));
    case 'begin':
      return new Promise((opened, failed) => {
        const id = nextTransaction++;
        const finished = db.transaction((tx) => new Promise((end, rollback) => {
          transactions.set(id, { tx, end, rollback });
          opened(id);
        }));
        finished.catch((error) => failed(error));
        transactions.set(-id, finished);
      });
    case 'end': {
      const open = transactions.get(message.tx);
      const finished = transactions.get(-message.tx);
      transactions.delete(message.tx);
      transactions.delete(-message.tx);
      if (!open) throw new Error('That transaction has ended');
      if (message.commit) open.end();
      else open.rollback(new Error('rolled back'));
      try { await finished; } catch (error) { if (message.commit) throw error; }
      return null;
    }
    case 'close': await db.close(); return null;
  }
}
parentPort.on('message', (message) => {
  answer(message).then(
    (value) => parentPort.postMessage({ id: message.id, value }),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});
ready.then(() => parentPort.postMessage({ id: 0, value: 'ready' }), (error) => parentPort.postMessage({ id: 0, error: plainError(error) }));
`;

/** An Error carrying the worker's fields, so `postgresErrorCode` and friends read it as before. */
function errorFrom(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

function rawTypesOf(options: ThreadQueryOptions | undefined): number[] {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : [];
}

/** PGlite in a worker thread, answering the server's statements by message. */
export class PgliteThreadClient {
  readonly #thread: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #failure: Error | undefined;
  #closing = false;
  readonly #ready: Promise<void>;

  constructor(options: PgliteThreadOptions) {
    const require = createRequire(import.meta.url);
    this.#thread = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglitePath: require.resolve('@electric-sql/pglite'),
        trgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
        vectorPath: require.resolve('@electric-sql/pglite-pgvector'),
        dataDir: options.dataDir,
        startParams: options.startParams,
      },
    });
    this.#ready = new Promise((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.#thread.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiting.reject(errorFrom(reply.error));
      else waiting.resolve(reply.value);
    });
    const fail = (error: Error) => {
      if (this.#failure) return;
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      if (!this.#closing) options.onFailure?.(error);
    };
    this.#thread.on('error', fail);
    this.#thread.on('exit', (code) =>
      fail(new Error(`The database thread stopped (exit ${code})`)),
    );
  }

  /** Resolves when the database is open (its start-up and recovery done), rejects if it failed. */
  waitReady(): Promise<void> {
    return this.#ready;
  }

  #send<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#thread.postMessage({ ...request, id });
    });
  }

  #statements(tx?: number): ThreadTransaction {
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions) =>
        this.#send<ThreadResults<T>>({
          op: 'query',
          sql,
          params,
          rowMode: options?.rowMode,
          rawTypes: rawTypesOf(options),
          tx,
        }),
      exec: (sql: string, options?: ThreadQueryOptions) =>
        this.#send<ThreadResults[]>({ op: 'exec', sql, rawTypes: rawTypesOf(options), tx }),
    };
  }

  query<T>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<T>> {
    return this.#statements().query<T>(sql, params, options);
  }

  exec(sql: string, options?: ThreadQueryOptions): Promise<ThreadResults[]> {
    return this.#statements().exec(sql, options);
  }

  /** Commits what `work` did when it resolves; rolls it back when it throws (and rethrows). */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#send<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(this.#statements(tx));
    } catch (error) {
      // The rollback's own failure (a dead thread) says less than the error that caused it.
      await this.#send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    this.#closing = true;
    await this.#send({ op: 'close' }).catch(() => undefined);
    await this.#thread.terminate();
  }
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThreadClient> {
  const client = new PgliteThreadClient(options);
  try {
    await client.waitReady();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}
