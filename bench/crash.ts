// Crash test (issue 10): the real server process on a temporary DATA_DIR (embedded PGlite)
// under a bounded write load — offers with their card holds, cancellations, acceptances and
// rejections, favourites, profile updates — is killed with SIGKILL in the middle of it,
// restarted on the same DATA_DIR, and checked:
//   - every write the server acknowledged (a 2xx reached the client) is there, read back
//     through the API by the user who made it;
//   - the payment invariants hold once start-up recovery has run: no card hold without a live
//     offer, no accepted offer without a capture, at most one accepted offer per listing, the
//     ledger has no call of unknown outcome and its captures add up to the accepted offers.
// Repeats N times on the same DATA_DIR (the data grows across rounds) and prints what it found.
// Exits 1 on any lost write or broken invariant.
//   npx tsx bench/crash.ts [--rounds 5] [--writes 400] [--workers 8] [--built]
// --built runs dist/server/main.js (npm run build first); otherwise src/app/server/main.ts via tsx.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/app/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { insertListings } from '../tests/helpers/fixtures/listings';
import { insertDeck } from '../tests/helpers/fixtures/offers';
import { createUser, signIn, type TestApp } from '../tests/helpers/test-app';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    writes: { type: 'string', default: '400' },
    workers: { type: 'string', default: '8' },
    built: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const writeBound = Number(values.writes);
const producerCount = Math.max(2, Number(values.workers) - 2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SESSION_SECRET = 'crash-test-session-secret-0123456789-abcdefghij';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server process

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  /** Seconds from spawn to a healthy /api/health. */
  startSeconds: number;
  /** Lines of start-up recovery work the server logged ('start-up work done'). */
  startupWork: () => number;
  lastLogAt: () => number;
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = values.built
    ? [path.join(root, 'dist/server/main.js')]
    : ['--import', 'tsx', path.join(root, 'src/app/server/main.ts')];
  const started = Date.now();
  const child = spawn(process.execPath, entry, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SESSION_SECRET,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // Offer and card routes are limited per client address: each request names its own.
      TRUST_PROXY: 'true',
    },
  });
  let output = '';
  let startupWork = 0;
  let lastLogAt = Date.now();
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    lastLogAt = Date.now();
    startupWork += text.split('start-up work').length - 1;
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was healthy:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after 180 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  return {
    child,
    baseUrl,
    exited,
    startSeconds: (Date.now() - started) / 1000,
    startupWork: () => startupWork,
    lastLogAt: () => lastLogAt,
  };
}

/** Waits for start-up recovery to finish: its log lines, then a quiet second (at most 20 s). */
async function settle(server: Server): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.startupWork() > 0 && Date.now() - server.lastLogAt() > 1_000) return;
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// The people, and what the server acknowledged to them

interface Person {
  id: number;
  cookie: string;
  email: string;
  username: string;
  deckFileUrl?: string;
}

type OfferAck = 'created' | 'authorised' | 'cancelled' | 'accepted' | 'rejected';

/** What each acknowledged write leaves, and the statuses that may follow it by now. */
const OFFER_STATUSES_AFTER: Record<OfferAck, string[]> = {
  created: ['awaiting_payment', 'pending', 'accepted', 'rejected', 'cancelled', 'abandoned'],
  authorised: ['pending', 'accepted', 'rejected', 'cancelled', 'expired'],
  cancelled: ['cancelled'],
  accepted: ['accepted'],
  rejected: ['rejected'],
};

interface Acks {
  offers: Map<number, { producer: Person; ack: OfferAck; listingId: number }>;
  /** `${userId}:${listingId}` → favourited or not. */
  favourites: Map<string, { person: Person; listingId: number; on: boolean }>;
  /** userId → first name. */
  profiles: Map<number, { person: Person; firstName: string }>;
  /** What each worker had sent and not yet heard back about when the server died. */
  inFlight: Map<string, string>;
  count: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Load

let addressCounter = 0;

async function call(
  baseUrl: string,
  person: Person,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  addressCounter += 1;
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      origin: baseUrl,
      cookie: person.cookie,
      'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: response.status, json };
}

interface World {
  producers: Person[];
  agents: Person[];
  /** Listings of each agent, by agent id. */
  listings: Map<number, number[]>;
}

/** Runs the load until `stop` says so; each worker has at most one request in flight. */
async function runLoad(
  server: Server,
  world: World,
  acks: Acks,
  budget: { left: number },
  stop: () => boolean,
  random: () => number,
): Promise<void> {
  const base = server.baseUrl;
  const count = (what: string) => {
    acks.count[what] = (acks.count[what] ?? 0) + 1;
    budget.left -= 1;
  };
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const allListings = [...world.listings.values()].flat();

  const producerStep = async (producer: Person, worker: string) => {
    const roll = random();
    if (roll < 0.4) {
      const agent = pick(world.agents);
      const listingId = pick(world.listings.get(agent.id) ?? []);
      acks.inFlight.set(worker, `create offer on listing ${listingId}`);
      const created = await call(base, producer, 'POST', '/api/offers', {
        listingId,
        offerPrice: String(1000 + Math.floor(random() * 400) * 250),
        optionPeriod: 12,
        fundCompetition: false,
        deckFileUrl: producer.deckFileUrl,
      });
      if (created.status !== 201) return;
      const offer = created.json.offer as { id: number };
      acks.offers.set(offer.id, { producer, ack: 'created', listingId });
      count('offer created');
      acks.inFlight.set(worker, `confirm card for offer ${offer.id}`);
      const paid = await call(base, producer, 'POST', '/api/payments/local/confirm', {
        clientSecret: created.json.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      });
      if (paid.status !== 200) return;
      acks.offers.set(offer.id, { producer, ack: 'authorised', listingId });
      count('card hold authorised');
    } else if (roll < 0.65) {
      const listingId = pick(allListings);
      const key = `${producer.id}:${listingId}`;
      const on = !(acks.favourites.get(key)?.on ?? false);
      acks.inFlight.set(worker, `favourite ${key} ${on}`);
      const answer = await call(
        base,
        producer,
        on ? 'POST' : 'DELETE',
        `/api/favorites/${listingId}`,
      );
      if (answer.status !== 200) return;
      acks.favourites.set(key, { person: producer, listingId, on });
      count(on ? 'favourite added' : 'favourite removed');
    } else if (roll < 0.85) {
      const firstName = `Name${Math.floor(random() * 1e9)}`;
      acks.inFlight.set(worker, `profile ${producer.id} ${firstName}`);
      const answer = await call(base, producer, 'PUT', '/api/auth/profile', {
        firstName,
        lastName: 'Crash',
        email: producer.email,
        username: producer.username,
        companyName: `Company ${firstName}`,
      });
      if (answer.status !== 200) return;
      acks.profiles.set(producer.id, { person: producer, firstName });
      count('profile updated');
    } else {
      const mine = [...acks.offers.entries()].filter(
        ([, offer]) => offer.producer === producer && offer.ack === 'authorised',
      );
      if (mine.length === 0) return;
      const [offerId, offer] = pick(mine);
      acks.inFlight.set(worker, `cancel offer ${offerId}`);
      const answer = await call(base, producer, 'PATCH', `/api/offers/${offerId}/cancel`, {
        cancellationReason: 'Crash test',
      });
      if (answer.status !== 200) return;
      acks.offers.set(offerId, { ...offer, ack: 'cancelled' });
      count('offer cancelled');
    }
  };

  const agentStep = async (agent: Person, worker: string) => {
    const listings = new Set(world.listings.get(agent.id));
    const open = [...acks.offers.entries()].filter(
      ([, offer]) => offer.ack === 'authorised' && listings.has(offer.listingId),
    );
    if (open.length === 0) {
      await sleep(20);
      return;
    }
    const [offerId, offer] = pick(open);
    const accept = random() < 0.5;
    acks.inFlight.set(worker, `${accept ? 'accept' : 'reject'} offer ${offerId}`);
    const answer = await call(
      base,
      agent,
      'PATCH',
      `/api/offers/${offerId}/${accept ? 'accept' : 'reject'}`,
    );
    if (answer.status !== 200) return;
    acks.offers.set(offerId, { ...offer, ack: accept ? 'accepted' : 'rejected' });
    count(accept ? 'offer accepted' : 'offer rejected');
  };

  const workers = [
    ...world.producers.map((producer, index) => ({
      run: () => producerStep(producer, `p${index}`),
      name: `p${index}`,
    })),
    ...world.agents.map((agent, index) => ({
      run: () => agentStep(agent, `a${index}`),
      name: `a${index}`,
    })),
  ];
  await Promise.all(
    workers.map(async (worker) => {
      while (!stop() && budget.left > 0) {
        try {
          await worker.run();
          acks.inFlight.delete(worker.name);
        } catch {
          // The server died under this request: it stays in inFlight, unacknowledged.
          return;
        }
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Checks

/** Acknowledged writes that the restarted server does not show. */
async function lostWrites(server: Server, acks: Acks): Promise<string[]> {
  const lost: string[] = [];
  const inFlight = [...acks.inFlight.values()].join(' | ');
  for (const [offerId, offer] of acks.offers) {
    const answer = await call(server.baseUrl, offer.producer, 'GET', `/api/offers/${offerId}`);
    const status = String(answer.json.status);
    if (answer.status !== 200 || !OFFER_STATUSES_AFTER[offer.ack].includes(status)) {
      // A request in flight at the kill may have moved it on, unacknowledged.
      const movedOn = inFlight.includes(`offer ${offerId}`) && answer.status === 200;
      if (!movedOn)
        lost.push(`offer ${offerId}: acknowledged ${offer.ack}, now ${answer.status} ${status}`);
    }
  }
  for (const [key, favourite] of acks.favourites) {
    if (inFlight.includes(`favourite ${key} `)) continue;
    const answer = await call(
      server.baseUrl,
      favourite.person,
      'GET',
      `/api/favorites/${favourite.listingId}/status`,
    );
    if (answer.json.isFavorited !== favourite.on) {
      lost.push(
        `favourite ${key}: acknowledged ${favourite.on}, now ${String(answer.json.isFavorited)}`,
      );
    }
  }
  for (const [userId, profile] of acks.profiles) {
    if (inFlight.includes(`profile ${userId} `)) continue;
    const answer = await call(server.baseUrl, profile.person, 'GET', '/api/auth/user');
    if (answer.json.firstName !== profile.firstName) {
      lost.push(
        `profile ${userId}: acknowledged ${profile.firstName}, now ${String(answer.json.firstName)}`,
      );
    }
  }
  return lost;
}

/** The payment invariants, read straight from the database (server stopped). */
async function brokenInvariants(dataDir: string): Promise<{ broken: string[]; figures: string }> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)).rows as T[];
  try {
    const broken: string[] = [];
    const holdsWithoutLiveOffer = await rows<{ id: string; offer_status: string | null }>(sql`
      select i.id, o.status as offer_status
      from local_payment_intents i
      left join offers o on o.id = (i.metadata->>'offerId')::int
      where i.metadata->>'kind' = 'offer' and i.status = 'requires_capture'
        and (o.id is null or o.status not in ('awaiting_payment', 'pending', 'accepting')
             or o.provider_payment_id is distinct from i.id)`);
    for (const hold of holdsWithoutLiveOffer) {
      broken.push(`hold ${hold.id} authorised, its offer is ${hold.offer_status ?? 'gone'}`);
    }
    const pendingWithoutHold = await rows<{ id: number; intent_status: string | null }>(sql`
      select o.id, i.status as intent_status
      from offers o left join local_payment_intents i on i.id = o.provider_payment_id
      where o.status = 'pending' and i.status is distinct from 'requires_capture'`);
    for (const offer of pendingWithoutHold) {
      broken.push(`offer ${offer.id} pending, its hold is ${offer.intent_status ?? 'missing'}`);
    }
    const acceptedWithoutCapture = await rows<{ id: number; intent_status: string | null }>(sql`
      select o.id, i.status as intent_status
      from offers o left join local_payment_intents i on i.id = o.provider_payment_id
      where o.status = 'accepted' and (i.status is distinct from 'succeeded' or not exists (
        select 1 from payment_ledger l
        where l.provider_payment_id = o.provider_payment_id and l.operation = 'capture'
          and l.outcome = 'succeeded'))`);
    for (const offer of acceptedWithoutCapture) {
      broken.push(
        `offer ${offer.id} accepted without a capture (hold ${offer.intent_status ?? 'missing'})`,
      );
    }
    const doubleAccepted = await rows<{ listing_id: number; n: number }>(sql`
      select listing_id, count(*)::int as n from offers where status = 'accepted'
      group by listing_id having count(*) > 1`);
    for (const listing of doubleAccepted) {
      broken.push(`listing ${listing.listing_id} has ${listing.n} accepted offers`);
    }
    const [ledger] = await rows<{
      unknown_outcome: number;
      captured: number;
      accepted: number;
      captured_intents: number;
      authorised_open: number;
      holds_open: number;
    }>(sql`
      select
        (select count(*)::int from payment_ledger where outcome = 'pending') as unknown_outcome,
        (select coalesce(sum(amount_pence), 0)::bigint from payment_ledger
          where operation = 'capture' and outcome = 'succeeded' and subject like 'offer:%') as captured,
        (select coalesce(sum(offer_price_pence), 0)::bigint from offers where status = 'accepted') as accepted,
        (select coalesce(sum(amount_pence), 0)::bigint from local_payment_intents
          where status = 'succeeded' and metadata->>'kind' = 'offer') as captured_intents,
        (select count(*)::int from offers where status in ('pending', 'accepting')) as authorised_open,
        (select count(*)::int from local_payment_intents
          where status = 'requires_capture' and metadata->>'kind' = 'offer') as holds_open`);
    if (ledger.unknown_outcome > 0) {
      broken.push(`${ledger.unknown_outcome} provider calls of unknown outcome left in the ledger`);
    }
    if (
      Number(ledger.captured) !== Number(ledger.accepted) ||
      Number(ledger.captured) !== Number(ledger.captured_intents)
    ) {
      broken.push(
        `ledger captures £${Number(ledger.captured) / 100}, accepted offers £${Number(ledger.accepted) / 100}, ` +
          `captured holds £${Number(ledger.captured_intents) / 100}`,
      );
    }
    const [counts] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from offers) as offers,
        (select count(*)::int from offers where status = 'accepted') as accepted,
        (select count(*)::int from favourites) as favourites,
        (select count(*)::int from payment_ledger) as ledger_rows`);
    const figures =
      `offers ${counts.offers} (accepted ${counts.accepted}, open holds ${ledger.holds_open}), ` +
      `favourites ${counts.favourites}, ledger rows ${counts.ledger_rows}, captured £${Number(ledger.captured) / 100}`;
    return { broken, figures };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Setup and rounds

/** Users, sessions, listings and decks, written before the server first starts. */
async function setUp(dataDir: string): Promise<World> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  const testApp: TestApp = {
    app,
    db: database.db,
    database,
    config,
    request: (options) => app.inject(options),
    close: () => app.close(),
  };
  const person = async (role: 'producer' | 'agent', index: number): Promise<Person> => {
    const user = await createUser(database.db, {
      role,
      email: `crash.${role}${index}@example.test`,
      username: `crash_${role}_${index}`,
      ...(role === 'agent' ? { agentVerificationStatus: 'approved' } : {}),
    });
    return {
      id: user.id,
      cookie: await signIn(testApp, user.id),
      email: user.email,
      username: user.username ?? '',
    };
  };
  const agents = [await person('agent', 0), await person('agent', 1)];
  const producers: Person[] = [];
  for (let index = 0; index < producerCount; index += 1) {
    const producer = await person('producer', index);
    producer.deckFileUrl = await insertDeck(app, producer.id);
    producers.push(producer);
  }
  const listings = new Map<number, number[]>();
  for (const agent of agents) {
    const rows = await insertListings(
      database.db,
      Array.from({ length: 150 }, (_, index) => ({
        agentId: agent.id,
        title: `Crash ${agent.id}-${index}`,
      })),
    );
    listings.set(
      agent.id,
      rows.map((row) => row.id),
    );
  }
  await app.close();
  await database.close();
  return { producers, agents, listings };
}

/** A small seeded generator, so a round's choices can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-crash-'));
  console.log(
    `crash test: ${rounds} rounds, up to ${writeBound} writes a round, ${producerCount} producers and 2 agents, ` +
      `${values.built ? 'dist/server/main.js' : 'tsx src/app/server/main.ts'}, DATA_DIR ${dataDir}`,
  );
  const world = await setUp(dataDir);
  const port = await freePort();
  const totals = { acknowledged: 0, lost: 0, broken: 0, inFlight: 0 };
  let server = await startServer(dataDir, port);
  for (let round = 1; round <= rounds; round += 1) {
    const random = seeded(20261124 + round);
    const acks: Acks = {
      offers: new Map(),
      favourites: new Map(),
      profiles: new Map(),
      inFlight: new Map(),
      count: {},
    };
    // Killed after between 20% and 90% of the round's writes: always in the middle of the load.
    const killAfter = Math.floor(writeBound * (0.2 + random() * 0.7));
    const budget = { left: writeBound };
    let killed = false;
    let loadDone = false;
    const load = runLoad(server, world, acks, budget, () => killed, random).finally(() => {
      loadDone = true;
    });
    const giveUpAt = Date.now() + 120_000;
    while (writeBound - budget.left < killAfter && !loadDone && Date.now() < giveUpAt)
      await sleep(5);
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await load;
    const acknowledged = Object.values(acks.count).reduce((sum, n) => sum + n, 0);

    server = await startServer(dataDir, port);
    const restartSeconds = server.startSeconds;
    await settle(server);
    const lost = await lostWrites(server, acks);
    server.child.kill('SIGTERM');
    await server.exited;
    const { broken, figures } = await brokenInvariants(dataDir);

    totals.acknowledged += acknowledged;
    totals.lost += lost.length;
    totals.broken += broken.length;
    totals.inFlight += acks.inFlight.size;
    console.log(
      `round ${round}: killed after ${acknowledged} acknowledged writes ` +
        `(${Object.entries(acks.count)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ')}); ${acks.inFlight.size} requests in flight; ` +
        `restart ${restartSeconds.toFixed(1)} s; lost ${lost.length}; invariants broken ${broken.length}; ${figures}`,
    );
    for (const line of [...lost, ...broken]) console.log(`  ${line}`);
    if (round < rounds) server = await startServer(dataDir, port);
  }
  console.log(
    `\n${rounds} kill -9 rounds: ${totals.acknowledged} acknowledged writes, ${totals.inFlight} in flight at the kills, ` +
      `${totals.lost} lost, ${totals.broken} broken invariants`,
  );
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  process.exitCode = totals.lost + totals.broken > 0 ? 1 : 0;
}

await main();
