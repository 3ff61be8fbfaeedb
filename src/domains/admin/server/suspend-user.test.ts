import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import type { AuditLogResponse, SuspensionImpact } from '../admin.schema';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await signIn(t, admin.id);
}, 60_000);
afterAll(() => t.close());

const act = (userId: number, action: 'suspend' | 'activate', cookie = adminCookie) =>
  t.request({ method: 'POST', url: `/api/admin/users/${userId}/${action}`, cookie });
const auditOf = async (userId: number) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/admin/audit-log?targetType=user&targetId=${userId}`,
      cookie: adminCookie,
    })
  ).json<AuditLogResponse>();
const catalogueIds = async (search: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/listings?search=${encodeURIComponent(search)}`,
      cookie: adminCookie,
    })
  )
    .json<{ items: { id: number }[] }>()
    .items.map((item) => item.id);

describe('[ADMIN] suspending and activating', () => {
  it('a suspended producer is signed out and cannot sign in until activated', async () => {
    const producer = await createUser(t.db);
    const cookie = await login(t, producer.email, producer.password);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
      200,
    );

    const suspended = await act(producer.id, 'suspend');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      message: 'User suspended',
      user: { id: producer.id, status: 'suspended' },
    });
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(
      401,
    );
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: producer.email, password: producer.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account has been suspended. Please contact support.');
    expect((await act(producer.id, 'suspend')).statusCode).toBe(409);

    const activated = await act(producer.id, 'activate');
    expect(activated.json()).toMatchObject({
      message: 'User activated',
      user: { status: 'active' },
    });
    await login(t, producer.email, producer.password);
    expect((await act(producer.id, 'activate')).statusCode).toBe(409);

    const log = (
      await t.request({
        method: 'GET',
        url: `/api/admin/audit-log?targetId=${producer.id}`,
        cookie: adminCookie,
      })
    ).json<AuditLogResponse>();
    expect(log.entries.map((e) => e.action)).toEqual(['activate_user', 'suspend_user']);
    expect(log.entries[1]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'suspended' },
      targetLabel: producer.email,
    });
  });

  it('a suspended agent’s listings leave the catalogue and come back on activation', async () => {
    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    const title = `Suspense ${Date.now()}`;
    const onMarket = await insertListing(t.db, { agentId: agent.id, title });
    const optioned = await insertListing(t.db, { agentId: agent.id, title, status: 'optioned' });
    const draft = await insertListing(t.db, { agentId: agent.id, title, status: 'draft' });
    expect((await catalogueIds(title)).sort()).toEqual([onMarket.id, optioned.id].sort());

    expect((await act(agent.id, 'suspend')).statusCode).toBe(200);
    expect(await catalogueIds(title)).toEqual([]);
    const reader = await signIn(t, (await createUser(t.db)).id);
    const page = await t.request({
      method: 'GET',
      url: `/api/listings/${onMarket.id}`,
      cookie: reader,
    });
    expect(page.statusCode).toBe(404);

    expect((await act(agent.id, 'activate')).statusCode).toBe(200);
    expect((await catalogueIds(title)).sort()).toEqual([onMarket.id, optioned.id].sort());
    const rows = await t.db.select().from(listings).where(eq(listings.agentId, agent.id));
    const statusOf = (id: number) => rows.find((row) => row.id === id)?.status;
    expect([statusOf(onMarket.id), statusOf(optioned.id), statusOf(draft.id)]).toEqual([
      'available',
      'optioned',
      'draft',
    ]);
  });

  it('says before suspending how many listings and sessions it affects, and those are what go', async () => {
    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    const title = `Impact ${Date.now()}`;
    await insertListing(t.db, { agentId: agent.id, title });
    await insertListing(t.db, { agentId: agent.id, title, status: 'optioned' });
    await insertListing(t.db, { agentId: agent.id, title, status: 'draft' });
    const sessions = [await signIn(t, agent.id), await signIn(t, agent.id)];
    const impact = (userId: number, cookie = adminCookie) =>
      t.request({
        method: 'GET',
        url: `/api/admin/users/${userId}/suspension-impact`,
        cookie,
      });

    const before = await impact(agent.id);
    expect(before.statusCode).toBe(200);
    expect(before.json<SuspensionImpact>()).toEqual({ listingsOffMarket: 2, activeSessions: 2 });

    expect((await act(agent.id, 'suspend')).statusCode).toBe(200);
    const [entry] = (await auditOf(agent.id)).entries;
    expect(entry.after?.hiddenListings).toHaveLength(2);
    for (const cookie of sessions) {
      const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie });
      expect(me.statusCode).toBe(401);
    }
    expect((await impact(agent.id)).json<SuspensionImpact>()).toEqual({
      listingsOffMarket: 0,
      activeSessions: 0,
    });

    const producer = await createUser(t.db);
    expect((await impact(producer.id)).json<SuspensionImpact>()).toEqual({
      listingsOffMarket: 0,
      activeSessions: 0,
    });
    expect((await impact(987654)).statusCode).toBe(404);
    expect((await impact(producer.id, await signIn(t, producer.id))).statusCode).toBe(403);
    expect((await impact(producer.id, '')).statusCode).toBe(401);
  });

  it('refuses admins, yourself, unknown users and non-admins', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const refused = await act(other.id, 'suspend');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Administrators cannot be suspended');
    const self = await act(admin.id, 'suspend');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot suspend your own account');
    expect((await act(987654, 'suspend')).statusCode).toBe(404);
    const producer = await createUser(t.db);
    const agent = await createUser(t.db, { role: 'agent' });
    expect((await act(producer.id, 'suspend', await signIn(t, agent.id))).statusCode).toBe(403);
    expect((await act(producer.id, 'suspend', '')).statusCode).toBe(401);
  });
});
