import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';

/**
 * Requests before background work (issue 33, decision 025). The job runner runs every job
 * inside `runAsBackground`; the database handle (`client.ts`) makes each statement such work
 * starts outside a transaction wait, first, until no HTTP request is in flight, for at most
 * `backgroundPriority.maxWaitMs`. On the embedded database a statement runs on the server's own thread
 * and statements run one at a time, so a job's statement started while a request is being
 * answered is one the request waits behind; after the wait a job still progresses under
 * constant traffic, one statement per wait.
 */
const background = new AsyncLocalStorage<true>();

/**
 * Longest a background statement waits for requests to finish before it runs anyway
 * (`maxWaitMs`, 100 ms; a setting object so that a test can lengthen it).
 */
export const backgroundPriority = { maxWaitMs: 100 };

let inFlight = 0;
let waiters: Array<() => void> = [];

function wakeWaiters(): void {
  const woken = waiters;
  waiters = [];
  for (const wake of woken) wake();
}

/** Runs `work` (and everything it awaits) as background work. */
export function runAsBackground<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the context: a lazy query (Drizzle's) starts when it is awaited.
  return background.run(true, async () => await work());
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/** HTTP requests this process is answering right now. */
export function requestsInFlight(): number {
  return inFlight;
}

/**
 * Counts the server's requests from arrival to the response's end (or the connection's
 * close): called once by `main.ts` on the listening server. Tests that inject requests are
 * never counted, so their jobs never wait.
 */
export function trackRequests(server: Server): () => void {
  servers += 1;
  const onRequest = (
    _request: unknown,
    response: { once(event: 'close', done: () => void): void },
  ) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) wakeWaiters();
    });
  };
  server.on('request', onRequest);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    servers -= 1;
    server.off('request', onRequest);
  };
}

let servers = 0;

/**
 * Whether this process answers HTTP requests on a listening server (`trackRequests`): only
 * then is there anyone for background work to make way for. Tests that inject requests are
 * not counted, so there background work behaves as foreground.
 */
export function servesRequests(): boolean {
  return servers > 0;
}

let turnTaken = false;
let turnQueue: Array<() => void> = [];

/**
 * One background statement (or transaction) at a time on the embedded database: when the
 * requests in flight are answered, the jobs' waiting statements do not all start at once and
 * queue ahead of the next request; a request waits for at most the one that has started.
 * Resolves with the function that hands the turn on.
 */
export async function takeBackgroundTurn(): Promise<() => void> {
  if (turnTaken) await new Promise<void>((resolve) => turnQueue.push(resolve));
  turnTaken = true;
  await yieldToRequests();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = turnQueue[0];
    turnQueue = turnQueue.slice(1);
    if (next) next();
    else turnTaken = false;
  };
}

/** Resolves at once when no request is in flight, else when none is or after `maxWaitMs`. */
export function yieldToRequests(maxWaitMs = backgroundPriority.maxWaitMs): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters = waiters.filter((waiter) => waiter !== done);
      resolve();
    }, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    waiters.push(done);
  });
}
