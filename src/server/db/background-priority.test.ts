import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import {
  backgroundPriority,
  requestsInFlight,
  runAsBackground,
  trackRequests,
} from './background-priority';

let server: Server;
let address: string;
let database: DatabaseHandle;
/** Responses held open by the test, answered when it says so. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => held.push(response));
  trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await openDatabase({});
});

afterAll(async () => {
  for (const response of held) if (!response.writableEnded) response.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request the server holds until `answer()`. */
async function requestInFlight() {
  const before = held.length;
  const answered = fetch(address).then((response) => response.text());
  while (held.length === before) await sleep(2);
  const response = held[before];
  return {
    async answer() {
      response.end('ok');
      await answered;
    },
  };
}

describe('[PLATFORM] background work yields to requests (issue 33)', () => {
  it("a job's statement waits while a request is answered; a request's does not", async () => {
    // Long enough that only the request's answer can end the wait, however busy the machine.
    backgroundPriority.maxWaitMs = 10_000;
    const request = await requestInFlight();
    expect(requestsInFlight()).toBe(1);
    const order: string[] = [];
    const job = runAsBackground(async () => {
      await database.db.execute(sql`select 1`);
      order.push('job statement');
    });
    await database.db.execute(sql`select 1`);
    order.push('request statement');
    await sleep(30);
    // The job's statement is still waiting: the request has not been answered.
    expect(order).toEqual(['request statement']);
    await request.answer();
    await job;
    expect(order).toEqual(['request statement', 'job statement']);
    expect(requestsInFlight()).toBe(0);
    backgroundPriority.maxWaitMs = 100;
  });

  it('under constant traffic a job still progresses, one statement per wait', async () => {
    const request = await requestInFlight();
    expect(requestsInFlight()).toBe(1);
    const started = performance.now();
    await runAsBackground(() => database.db.execute(sql`select 1`));
    const waited = performance.now() - started;
    // At most the longest wait (100 ms), then the statement runs anyway.
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1_000);
    await request.answer();
  });

  it('with no request in flight a job does not wait', async () => {
    backgroundPriority.maxWaitMs = 10_000;
    const started = performance.now();
    await runAsBackground(() => database.db.execute(sql`select 1`));
    // Far less than the wait it would have had with a request in flight.
    expect(performance.now() - started).toBeLessThan(5_000);
    backgroundPriority.maxWaitMs = 100;
  });
});
