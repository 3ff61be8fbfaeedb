import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@/app/server/seed/demo-accounts';
import { SESSION_CACHE_TTL_MS } from '@/server/plugins/session';
import { buildOnce, startCluster, type Cluster } from './harness';
import { ClusterClient, deckForm, sleep } from './client';
import { readJobRuns } from './job-runs';

/**
 * Issue 32: what "any number of instances behind a load balancer" must mean, proved on three
 * instances of the built app, one PostgreSQL, one Redis and haproxy (tests/cluster/harness.ts).
 * The tests run in this order; the kill -9 comes last because it leaves two instances.
 */

let cluster: Cluster;
let clientCounter = 0;
/** A client with an address of its own, as a different person would have. */
const newClient = () => {
  clientCounter += 1;
  return new ClusterClient(cluster.publicUrl, `10.32.0.${clientCounter}`);
};
const startedAt = new Date();

beforeAll(async () => {
  buildOnce();
  cluster = await startCluster();
});

afterAll(async () => {
  await cluster?.stop();
});

/** What the logs said, attached to a failure: a cluster failure is otherwise hard to read. */
async function withLogs(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(cluster.logs());
    throw error;
  }
}

const listingForm = (title: string) => ({
  title,
  author: 'Idris Penhallow',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A lighthouse keeper’s daughter inherits a logbook naming every ship that foundered.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK', 'Ireland'],
  exclusivity: 'exclusive',
  askingPrice: 60000,
  minimumDeal: 30000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['inheritance'],
  keywords: ['lighthouse'],
});

/** A word no seeded listing has, so a search for it finds only the listing made here. */
const uniqueWord = () =>
  `Zephyrine${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

describe('three instances behind haproxy', () => {
  test('a session made through one instance works on the others, and a sign-out on one ends it on all', () =>
    withLogs(async () => {
      const [one, two, three] = cluster.instances;
      const producer = newClient();
      const user = await producer.login(one.url, DEMO_EMAILS.producer, DEMO_PASSWORD);

      for (const base of [two.url, three.url, cluster.lb, cluster.lb, cluster.lb]) {
        const me = await producer.send<{ id: number; email: string }>(
          base,
          'GET',
          '/api/auth/user',
        );
        expect(me.status, `${base}: ${me.text}`).toBe(200);
        expect(me.body.id).toBe(user.id);
      }

      const out = await producer.send(three.url, 'POST', '/api/auth/logout');
      expect(out.status, out.text).toBeLessThan(300);
      // The other instances hear of it through the sessions_changed feed at commit; their
      // cached copy (SESSION_CACHE_TTL_MS) is only the fallback while a feed is down
      // (decision 017). Within a second, well inside that lifetime, both refuse it.
      for (const base of [one.url, two.url]) {
        const started = Date.now();
        let status = 0;
        while (Date.now() - started < 1_000) {
          status = (await producer.send(base, 'GET', '/api/auth/user')).status;
          if (status === 401) break;
          await sleep(20);
        }
        expect(status, `${base} after sign-out elsewhere`).toBe(401);
        expect(Date.now() - started).toBeLessThan(SESSION_CACHE_TTL_MS);
      }
    }));

  test('rate limits are shared: the 21st verification in a minute is refused whichever instance gets it', () =>
    withLogs(async () => {
      // /api/agreements/verify allows 20 a minute per address. Spread over the three
      // instances, a per-process counter would let all 21 through.
      const visitor = newClient();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const base = cluster.instances[i % 3].url;
        const answer = await visitor.send(base, 'POST', '/api/agreements/verify', {
          json: { not: 'a file' },
        });
        statuses.push(answer.status);
        if (i === 20) {
          expect(answer.status, answer.text).toBe(429);
          expect((answer.body as { message: string }).message).toMatch(
            /^Too many attempts\. Please try again in /,
          );
        }
      }
      expect(statuses.slice(0, 20).every((status) => status === 415)).toBe(true);
      // And the counters are in Redis, not in a process.
      expect((await cluster.redis().dbsize()) > 0).toBe(true);
    }));

  test('a listing saved through one instance is found by search on the others within a second', () =>
    withLogs(async () => {
      const [one, two, three] = cluster.instances;
      const agent = newClient();
      await agent.login(cluster.lb, DEMO_EMAILS.agent, DEMO_PASSWORD);
      const reader = newClient();
      await reader.login(cluster.lb, DEMO_EMAILS.premium, DEMO_PASSWORD);
      const word = uniqueWord();

      const saved = await agent.send<{ id: number }>(one.url, 'POST', '/api/listings', {
        json: listingForm(`The ${word} Logbook`),
      });
      expect(saved.status, saved.text).toBe(201);
      const savedAt = Date.now();

      const foundAfter = async (base: string) => {
        for (;;) {
          const found = await reader.send<{ items: { id: number }[] }>(
            base,
            'GET',
            `/api/listings?search=${word}`,
          );
          expect(found.status, found.text).toBe(200);
          if (found.body.items.some((item) => item.id === saved.body.id)) {
            return Date.now() - savedAt;
          }
          if (Date.now() - savedAt > 5_000) return Infinity;
          await sleep(50);
        }
      };
      const [onTwo, onThree] = await Promise.all([foundAfter(two.url), foundAfter(three.url)]);
      console.log(`cluster: found by search after ${onTwo} ms (app2), ${onThree} ms (app3)`);
      expect(onTwo, 'ms until instance 2 finds it').toBeLessThanOrEqual(1_000);
      expect(onThree, 'ms until instance 3 finds it').toBeLessThanOrEqual(1_000);
    }));

  test('an agreement sealed on one instance verifies on every other', () =>
    withLogs(async () => {
      const [one, two, three] = cluster.instances;
      const agent = newClient();
      await agent.login(one.url, DEMO_EMAILS.agent, DEMO_PASSWORD);
      const producer = newClient();
      await producer.login(two.url, DEMO_EMAILS.premium, DEMO_PASSWORD);

      const listing = await agent.send<{ id: number }>(one.url, 'POST', '/api/listings', {
        json: listingForm(`The ${uniqueWord()} Agreement`),
      });
      expect(listing.status, listing.text).toBe(201);

      // The deck goes to one instance's storage and the offer naming it to another.
      const deck = await producer.send<{ deckFileUrl: string }>(
        two.url,
        'POST',
        '/api/uploads/deck',
        {
          form: deckForm(),
        },
      );
      expect(deck.status, deck.text).toBeLessThan(300);
      const created = await producer.send<{ offer: { id: number }; clientSecret: string }>(
        three.url,
        'POST',
        '/api/offers',
        {
          json: {
            listingId: listing.body.id,
            offerPrice: '40000',
            optionPeriod: 12,
            deckFileUrl: deck.body.deckFileUrl,
          },
          headers: { 'idempotency-key': randomUUID() },
        },
      );
      expect(created.status, created.text).toBe(201);
      const offerId = created.body.offer.id;
      const confirmed = await producer.send(one.url, 'POST', '/api/payments/local/confirm', {
        json: {
          clientSecret: created.body.clientSecret,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2034,
          cvc: '123',
        },
      });
      expect(confirmed.status, confirmed.text).toBe(200);

      const accepted = await agent.send<{ status: string }>(
        two.url,
        'PATCH',
        `/api/offers/${offerId}/accept`,
      );
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.body.status).toBe('accepted');

      const sign = { consent: true };
      const first = await producer.send(
        three.url,
        'POST',
        `/api/offers/${offerId}/agreement/sign`,
        {
          json: { ...sign, fullName: 'Demo Premium' },
        },
      );
      expect(first.status, first.text).toBe(200);
      // The second signature seals it, here on instance 1.
      const second = await agent.send(one.url, 'POST', `/api/offers/${offerId}/agreement/sign`, {
        json: { ...sign, fullName: 'Demo Agent' },
      });
      expect(second.status, second.text).toBe(200);
      const terms = await producer.send<{ agreement: { signedSha256: string | null } }>(
        two.url,
        'GET',
        `/api/offers/${offerId}/terms`,
      );
      expect(terms.body.agreement.signedSha256).toMatch(/^[0-9a-f]{64}$/);

      const pdf = await producer.download(three.url, `/api/offers/${offerId}/agreement`);
      for (const instance of cluster.instances) {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
          'agreement.pdf',
        );
        const verified = await newClient().send<{
          genuine: boolean;
          document: string | null;
          signature: { valid: boolean; checks: { platformCertificate: boolean } } | null;
          agreement: { offerId: number } | null;
        }>(instance.url, 'POST', '/api/agreements/verify', { form });
        expect(verified.status, `${instance.name}: ${verified.text}`).toBe(200);
        expect(verified.body.genuine, instance.name).toBe(true);
        expect(verified.body.document, instance.name).toBe('signed');
        expect(verified.body.signature?.valid, instance.name).toBe(true);
        expect(verified.body.signature?.checks.platformCertificate, instance.name).toBe(true);
        expect(verified.body.agreement?.offerId, instance.name).toBe(offerId);
      }
    }));

  test('kill -9 of one instance during a burst of offers loses no acknowledged write, and haproxy carries on', () =>
    withLogs(async () => {
      const producer = newClient();
      const me = await producer.login(cluster.lb, DEMO_EMAILS.premium, DEMO_PASSWORD);
      const mine = await producer.send<{ offers: { listingId: number }[] }>(
        cluster.lb,
        'GET',
        '/api/offers/my-submissions',
      );
      const taken = new Set(mine.body.offers.map((offer) => offer.listingId));
      const catalogue = await producer.send<{ items: { id: number }[] }>(
        cluster.lb,
        'GET',
        '/api/listings?status=available&limit=100',
      );
      const listings = catalogue.body.items.map((item) => item.id).filter((id) => !taken.has(id));
      const burst = listings.slice(0, 20);
      expect(burst.length, 'available listings for the burst').toBe(20);

      const victim = cluster.instances[1];
      const acknowledged = new Map<number, number>(); // listing id → offer id
      let failures = 0;
      /** A call through the balancer, again on a network error or a 5xx, as a client would. */
      const retrying = async <T>(
        call: () => Promise<{ status: number; body: T; text: string }>,
      ) => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            const answer = await call();
            if (answer.status < 500 || attempt >= 8) return answer;
          } catch (error) {
            if (attempt >= 8) throw error;
          }
          failures += 1;
          await sleep(250);
        }
      };
      const offerOn = async (listingId: number) => {
        const deck = await retrying(() =>
          producer.send<{ deckFileUrl: string }>(cluster.lb, 'POST', '/api/uploads/deck', {
            form: deckForm(),
          }),
        );
        expect(deck.status, deck.text).toBeLessThan(300);
        // One key per offer: a retry after a lost answer must not make a second offer.
        const key = randomUUID();
        const created = await retrying(() =>
          producer.send<{ offer: { id: number } }>(cluster.lb, 'POST', '/api/offers', {
            json: {
              listingId,
              offerPrice: '25000',
              optionPeriod: 12,
              deckFileUrl: deck.body.deckFileUrl,
            },
            headers: { 'idempotency-key': key },
          }),
        );
        expect(created.status, created.text).toBeLessThan(300);
        acknowledged.set(listingId, created.body.offer.id);
        if (acknowledged.size === 5) cluster.kill9(victim);
      };
      const queue = [...burst];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let next = queue.shift(); next !== undefined; next = queue.shift())
            await offerOn(next);
        }),
      );
      expect(victim.process.signalCode).toBe('SIGKILL');
      expect(acknowledged.size).toBe(20);
      console.log(`cluster: ${failures} calls retried around the killed instance`);

      // Every acknowledged offer is there, once, on each surviving instance.
      for (const instance of cluster.instances.filter((i) => i !== victim)) {
        const after = await producer.send<{ offers: { id: number; listingId: number }[] }>(
          instance.url,
          'GET',
          '/api/offers/my-submissions',
        );
        expect(after.status, after.text).toBe(200);
        for (const [listingId, offerId] of acknowledged) {
          const onListing = after.body.offers.filter((offer) => offer.listingId === listingId);
          expect(
            onListing.map((offer) => offer.id),
            `${instance.name}, listing ${listingId}`,
          ).toEqual([offerId]);
        }
      }
      const [{ count }] = await cluster.query<{ count: string }>(
        'select count(*) from offers where producer_id = $1 and listing_id = any($2::int[])',
        [me.id, burst],
      );
      expect(Number(count)).toBe(20);

      // The balancer keeps answering with one instance gone.
      const health = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${cluster.lb}/api/health`).then((r) => r.status)),
      );
      expect(health.every((status) => status === 200)).toBe(true);
    }));

  // Read from the job queue's history (`job_runs`, decision 021) through readJobRuns().
  test('each scheduled job runs once per period across the three', () =>
    withLogs(async () => {
      // The shortest periods are 5 s and the offers' a minute: wait for a whole minute.
      await sleep(70_000);
      const runs = await readJobRuns(cluster, startedAt);
      const done = runs.filter((run) => run.status === 'done');
      expect(done.length, 'scheduled runs done').toBeGreaterThan(10);
      const slots = new Set(runs.map((run) => `${run.job} @ ${run.period}`));
      expect(slots.size, 'one row per job and period').toBe(runs.length);
      // Three instances each running its own timer would start each period up to three times.
      const twice = done.filter((run) => run.attempts !== 1);
      expect(twice, 'periods started more than once').toEqual([]);
      // And the work is shared: more than one instance took scheduled runs.
      const instances = new Set(done.map((run) => run.lockedBy));
      expect(instances.size, 'instances that ran scheduled work').toBeGreaterThan(1);
    }));
});
