import pg from 'pg';
import type { Database } from './client';

/** Drizzle keeps its driver's client on `$client`: a node-postgres pool means a server. */
export function serverPoolOf(db: Database): pg.Pool | null {
  const client: unknown = (db as Database & { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export interface ChannelHandlers {
  /** One NOTIFY's payload, delivered after the notifying transaction committed. */
  onNotification(payload: string): void;
  /**
   * The connection was lost (or never made): notifications sent meanwhile are gone, so
   * whatever they would have kept fresh must be reloaded. Called before each reconnect.
   */
  onGap(): void;
  /** Listening (again): from now on every change is announced. */
  onListening?(): void;
}

export interface ChannelSubscription {
  /** Settles once the first attempt to listen has succeeded (true) or failed (false). */
  firstAttempt: Promise<boolean>;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * LISTENs on a PostgreSQL channel through a connection of its own (a pooled one would be
 * handed to other queries, and LISTEN belongs to a session). A lost connection is reported
 * as a gap and remade with backoff, 1 s doubling to 30 s, until `close`.
 */
export function listenToChannel(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
): ChannelSubscription {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let settleFirst: (listening: boolean) => void = () => undefined;
  const firstAttempt = new Promise<boolean>((resolve) => {
    settleFirst = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    // A dead connection must not crash the process; it is remade below.
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      lost();
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      await next.end().catch(() => undefined);
      settleFirst(false);
      lost();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    settleFirst(true);
    handlers.onListening?.();
  };

  const lost = () => {
    if (closed) return;
    handlers.onGap();
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  void connect();
  return {
    firstAttempt,
    async close() {
      closed = true;
      settleFirst(false);
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
