import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Actor, SecurityWorld } from '../security-world';
import { badRequests, seedFor, type FuzzCase } from './bad-input';
import { everyTimeCases } from './every-time-cases';
import { operationsOf, type Operation, type RealValues } from './openapi-operations';

/**
 * Sends generated bad input to every operation of the app's OpenAPI document and checks each
 * answer (issue 10): never a 5xx, every 4xx carries the error body `{message, code}`, nothing
 * leaks (stack traces, SQL, file paths, password hashes), and input that breaks the schema for
 * certain is refused.
 */

/** Operations that use up the identity that calls them: each case gets a new one. */
const USES_UP_IDENTITY = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'DELETE /api/auth/account',
]);

/** What must never appear in an answer. */
const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['stack trace', /\bat [\w$.<>[\]]+ \(|\n\s+at /],
  ['file path', /node_modules|\/work\/|\/home\/|file:\/\/|\.ts:\d+/],
  ['SQL', /Failed query|DrizzleQueryError|syntax error at or near|pg_catalog|\bSQLSTATE\b/i],
  ['password hash', /\$argon2|password_?hash/i],
  ['error internals', /\bTypeError\b|\bReferenceError\b|Cannot read propert/],
];

/**
 * The default texts of zod, Fastify and its plugins (issue 27): an answer carrying one means
 * a schema or an error path that gives the caller no words of ours and no idea what to send.
 */
export const LIBRARY_PHRASES: RegExp[] = [
  /^Invalid input/,
  /expected [\w ]+, received/,
  /^Invalid (option|string|number|element|key|value in|discriminator|input)\b/,
  /^Too (big|small): expected/,
  /^Unrecognized keys?:/,
  // ('Invalid email address' is also the spec's own message for the profile form: not here.)
  /^Invalid (URL|UUID|ISO (date|datetime|time))$/,
  /^Body cannot be empty when content-type/,
  /^Unsupported Media Type/,
  /^Request body (is too large|size did not match)/,
  /\bFST_[A-Z_]+/,
  /^(querystring|body|params|headers)\/? ?must /,
  /^request file too large$|^reach (files|parts|fields) limit$/,
];

export interface Failure {
  operation: string;
  reason: string;
  strategy: string;
  role: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body sent, cut short for the report. */
  payload: string;
  status: number;
  answer: string;
}

export interface OperationReport {
  operation: string;
  sent: number;
  /** Of those, the cases sent on every run (every-time-cases.ts) besides the sample. */
  everyTime: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  failures: Failure[];
}

export interface FuzzOptions {
  world: SecurityWorld;
  /** Cases per operation. */
  runs: number;
  seed: number;
  /** Only these operations (keys such as "POST /api/offers"); all when absent. */
  only?: string[];
  onOperation?: (report: OperationReport) => void;
}

const preview = (value: unknown, max = 300) => {
  const text =
    typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : '';
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
};

/** Everything the case sent, as text, decoded where it can be. */
function requestText(kase: FuzzCase): string {
  const payload =
    typeof kase.payload === 'string' ? kase.payload : (kase.payload?.toString('latin1') ?? '');
  let url = kase.url;
  try {
    url = decodeURIComponent(kase.url);
  } catch {
    // Odd percent-encoding is part of the test: keep it as sent.
  }
  return `${url}\n${payload}\n${JSON.stringify(kase.headers)}`;
}

/** Why the answer is wrong, or null when it is right. */
export function judge(kase: FuzzCase, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `server error ${status}`;
  const contentType = String(response.headers['content-type'] ?? '');
  const isText = contentType === '' || /json|text|xml|svg/.test(contentType);
  if (isText) {
    const sent = requestText(kase);
    for (const [name, pattern] of LEAK_PATTERNS) {
      const found = pattern.exec(response.body);
      // The caller's own words echoed back (a profile field, say) are no leak.
      if (found && !sent.includes(found[0])) return `leak: ${name}: ${found[0]}`;
    }
  }
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return `${status} without a JSON error body`;
    }
    const { message, code, fields } = (body ?? {}) as {
      message?: unknown;
      code?: unknown;
      fields?: Record<string, unknown>;
    };
    if (typeof message !== 'string' || typeof code !== 'string') {
      return `${status} without the error body {message, code}`;
    }
    for (const text of [message, ...Object.values(fields ?? {})]) {
      const phrase = LIBRARY_PHRASES.find((pattern) => pattern.test(String(text)));
      if (phrase) return `a library's words reach the caller: ${String(text)}`;
    }
    return null;
  }
  if (kase.mustReject) return `accepted input that breaks the schema (${status})`;
  return null;
}

/** Real ids and values from the world, by parameter and field name. */
export function realValuesOf(world: SecurityWorld): RealValues {
  const offers = Object.values(world.offers);
  const listingIds = [
    world.listings.ofAgent.id,
    world.listings.ofOtherAgent.id,
    ...offers.map((o) => o.listingId),
  ];
  const users = Object.values(world.actors).flatMap((actor) => (actor.user ? [actor.user] : []));
  const deckIds = Object.values(world.decks).map((url) => url.split('/').pop() ?? '1');
  const strings = (values: number[]) => values.map(String);
  return {
    id: strings([...listingIds, ...offers.map((o) => o.id)]).concat(deckIds),
    listingId: strings(listingIds),
    agentId: strings(users.filter((u) => u.role === 'agent').map((u) => u.id)),
    userId: strings(users.map((u) => u.id)),
    sessionId: [world.checkouts.free, world.checkouts.other],
    deckFileUrl: Object.values(world.decks),
    email: users.map((u) => u.email),
    offerPrice: ['1000', '25000', '25000.50', '999999.99'],
    optionPeriod: ['12', '18', '24', '36'],
    cardNumber: ['4242424242424242', '4000000000000002', '4000 0000 0000 9995'],
  };
}

async function actorFor(
  world: SecurityWorld,
  operation: Operation,
  kase: FuzzCase,
): Promise<Actor> {
  if (kase.role !== 'signedOut' && USES_UP_IDENTITY.has(operation.key)) {
    return world.freshActor(kase.role);
  }
  return world.actors[kase.role];
}

export async function fuzzOperation(
  world: SecurityWorld,
  operation: Operation,
  options: { runs: number; seed: number; realValues: RealValues },
): Promise<OperationReport> {
  const seed = seedFor(options.seed, operation.key);
  const fixed = everyTimeCases(operation, options.realValues, seed);
  const cases = [
    ...fixed,
    ...fc.sample(badRequests(operation, options.realValues), { seed, numRuns: options.runs }),
  ];
  const report: OperationReport = {
    operation: operation.key,
    sent: 0,
    everyTime: fixed.length,
    statuses: {},
    failures: [],
  };
  for (const kase of cases) {
    const actor = await actorFor(world, operation, kase);
    let response: LightMyRequestResponse;
    try {
      response = await world.send(actor, {
        method: kase.method as 'GET',
        url: kase.url,
        headers: kase.headers,
        payload: kase.payload,
      });
    } catch (error) {
      // The test client refused to send it (a header Node will not write, say): not an answer.
      report.statuses[0] = (report.statuses[0] ?? 0) + 1;
      report.failures.push(
        failureOf(operation, kase, 0, `not sent: ${(error as Error).message}`, ''),
      );
      continue;
    }
    report.sent += 1;
    report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
    const reason = judge(kase, response);
    if (reason)
      report.failures.push(failureOf(operation, kase, response.statusCode, reason, response.body));
  }
  return report;
}

function failureOf(
  operation: Operation,
  kase: FuzzCase,
  status: number,
  reason: string,
  answer: string,
): Failure {
  return {
    operation: operation.key,
    reason,
    strategy: kase.strategy,
    role: kase.role,
    method: kase.method,
    url: preview(kase.url, 200),
    headers: Object.fromEntries(Object.entries(kase.headers).map(([k, v]) => [k, preview(v, 120)])),
    payload: preview(kase.payload),
    status,
    answer: preview(answer),
  };
}

/** The operations of the app's own OpenAPI document. */
export async function documentOperations(world: SecurityWorld): Promise<Operation[]> {
  const response = await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`no OpenAPI document: ${response.statusCode}`);
  return operationsOf(response.json());
}

export async function runFuzz(options: FuzzOptions): Promise<OperationReport[]> {
  const realValues = realValuesOf(options.world);
  const operations = (await documentOperations(options.world)).filter(
    (operation) => !options.only || options.only.includes(operation.key),
  );
  const reports: OperationReport[] = [];
  for (const operation of operations) {
    const report = await fuzzOperation(options.world, operation, { ...options, realValues });
    options.onOperation?.(report);
    reports.push(report);
  }
  return reports;
}
