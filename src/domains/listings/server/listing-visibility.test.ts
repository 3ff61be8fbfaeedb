import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { dealThreads } from '@/domains/inbox/server/inbox.tables';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { canSeeListing, type ListingViewer } from './listing-visibility';
import type { ListingRow } from './listings.tables';

describe('[LISTINGS] who may see a listing: the rule', () => {
  const owner = { id: 1, role: 'agent' };
  const kinds = [
    ['published', 'available'],
    ['optioned', 'optioned'],
    ['sold', 'sold'],
    ['draft', 'draft'],
    ['withdrawn (suspension or closed account)', 'withdrawn'],
  ] as const;
  const viewers: [string, ListingViewer][] = [
    ['signed out', null],
    ['a producer', { id: 2, role: 'producer' }],
    ['another agent', { id: 3, role: 'agent' }],
    ['its own agent', owner],
    ['an admin', { id: 4, role: 'admin' }],
  ];
  const onMarket = new Set(['available', 'optioned', 'sold']);
  const cases = kinds.flatMap(([kind, status]) =>
    viewers.map(([who, viewer]) => {
      const sees = onMarket.has(status) || who === 'its own agent' || who === 'an admin';
      return [kind, who, status, viewer, sees] as const;
    }),
  );
  it.each(cases)('%s listing, %s: sees it = %s', (_kind, _who, status, viewer, sees) => {
    expect(canSeeListing(viewer, { agentId: owner.id, status })).toBe(sees);
  });
});

describe('[LISTINGS] listings off the market do not leak through side doors', () => {
  let t: TestApp;
  let agent: UserRow;
  let suspendedAgent: UserRow;
  let admin: UserRow;
  let producer: UserRow;
  const cookies = new Map<number, string>();
  let draft: ListingRow;
  let suspended: ListingRow;
  let published: ListingRow;

  const as = (user: UserRow | null) => (user ? cookies.get(user.id) : undefined);
  const missingId = 2_000_000;

  beforeAll(async () => {
    t = await createTestApp();
    // An agent awaiting approval: their listing is a draft (decision 008).
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'pending' });
    suspendedAgent = await createUser(t.db, {
      role: 'agent',
      agentVerificationStatus: 'approved',
    });
    admin = await createUser(t.db, { role: 'admin' });
    producer = await createUser(t.db, { role: 'producer' });
    for (const user of [agent, suspendedAgent, admin, producer]) {
      cookies.set(user.id, await signIn(t, user.id));
    }
    draft = await insertListing(t.db, {
      agentId: agent.id,
      status: 'draft',
      title: 'Unannounced Draft Title',
      author: 'Secret Author',
    });
    published = await insertListing(t.db, { agentId: suspendedAgent.id, title: 'Open Title' });
    suspended = await insertListing(t.db, {
      agentId: suspendedAgent.id,
      title: 'Suspended Agent Title',
      author: 'Hidden Writer',
    });
    // The producer favourites both while the agent is still on the market...
    for (const listing of [published, suspended]) {
      const response = await t.request({
        method: 'POST',
        url: `/api/favorites/${listing.id}`,
        cookie: as(producer),
      });
      expect(response.statusCode).toBe(200);
    }
    // ...then an admin suspends the agent, which takes their listings off the market.
    const suspension = await t.request({
      method: 'POST',
      url: `/api/admin/users/${suspendedAgent.id}/suspend`,
      cookie: as(admin),
      payload: { notes: 'Side-door test' },
    });
    expect(suspension.statusCode).toBe(200);
    published = { ...published, status: 'withdrawn' };
  }, 120_000);
  afterAll(() => t.close());

  it.each(['svg', 'png'])(
    'the %s cover of a draft or a suspended agent’s listing is a 404 to others, drawn for its agent and admins',
    async (format) => {
      const missing = await t.request({
        method: 'GET',
        url: `/images/covers/${missingId}.${format}`,
      });
      for (const listing of [draft, suspended]) {
        for (const viewer of [null, producer]) {
          const response = await t.request({
            method: 'GET',
            url: `/images/covers/${listing.id}.${format}`,
            cookie: as(viewer),
          });
          expect(response.statusCode).toBe(404);
          expect(response.body).toBe(missing.body);
          expect(response.body).not.toContain(listing.title);
        }
      }
      for (const viewer of [agent, admin]) {
        const response = await t.request({
          method: 'GET',
          url: `/images/covers/${draft.id}.${format}`,
          cookie: as(viewer),
        });
        expect(response.statusCode).toBe(200);
        // Not kept by a shared cache: the next visitor is not its agent.
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
    },
  );

  it('a favourite is no oracle: a hidden listing answers as a missing one, and leaves the list', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const missing = await t.request({
        method,
        url: `/api/favorites/${missingId}`,
        cookie: as(producer),
      });
      for (const listing of [draft, suspended]) {
        const response = await t.request({
          method,
          url: `/api/favorites/${listing.id}`,
          cookie: as(producer),
        });
        expect(response.statusCode, `${method} ${listing.title}`).toBe(404);
        expect(response.body).toBe(missing.body);
      }
    }
    const status = await t.request({
      method: 'GET',
      url: `/api/favorites/${draft.id}/status`,
      cookie: as(producer),
    });
    expect(status.statusCode).toBe(404);
    // Favourited while public, the suspended agent's listings are no longer listed.
    const list = await t.request({ method: 'GET', url: '/api/favorites', cookie: as(producer) });
    expect(list.statusCode).toBe(200);
    expect(list.json<ListingCard[]>()).toEqual([]);
    expect(list.body).not.toContain('Suspended Agent Title');
    // Its own agent may still keep their draft among their favourites.
    const own = await t.request({
      method: 'POST',
      url: `/api/favorites/${draft.id}`,
      cookie: as(agent),
    });
    expect(own.statusCode).toBe(200);
    const ownList = await t.request({ method: 'GET', url: '/api/favorites', cookie: as(agent) });
    expect(ownList.json<ListingCard[]>().map((card) => card.title)).toEqual([draft.title]);
  });

  it('a producer cannot ask a question about a draft or a suspended agent’s listing', async () => {
    const ask = (listingId: number) =>
      t.request({
        method: 'POST',
        url: `/api/deals/listings/${listingId}/questions`,
        cookie: as(producer),
        payload: { body: 'Are the film rights free?' },
      });
    const missing = await ask(missingId);
    expect(missing.statusCode).toBe(404);
    for (const listing of [draft, suspended]) {
      const response = await ask(listing.id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
      expect(response.body).not.toContain(listing.title);
    }
    // Nothing reached the agents: no conversation, no mail.
    const threads = await t.db
      .select({ id: dealThreads.id })
      .from(dealThreads)
      .where(eq(dealThreads.producerId, producer.id));
    expect(threads).toEqual([]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email));
    expect(mails.filter((mail) => mail.subject.includes(draft.title))).toEqual([]);
  });

  it.each([
    [
      'similar titles',
      (id: number) => ({ method: 'GET' as const, url: `/api/listings/${id}/similar` }),
    ],
    [
      'activity tracking',
      (id: number) => ({
        method: 'POST' as const,
        url: '/api/tracking/activity',
        payload: { listingId: id, activityType: 'view' },
      }),
    ],
  ])('%s answers a hidden listing as a missing one', async (_name, request) => {
    const missing = await t.request({ ...request(missingId), cookie: as(producer) });
    expect(missing.statusCode).toBe(404);
    for (const listing of [draft, suspended]) {
      const response = await t.request({ ...request(listing.id), cookie: as(producer) });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    const own = await t.request({ ...request(draft.id), cookie: as(agent) });
    expect(own.statusCode).toBeLessThan(300);
  });
});
