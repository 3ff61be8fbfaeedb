import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../tests/helpers/test-app';
import { insertListings } from '../../../tests/helpers/fixtures/listings';
import { users } from '@/domains/accounts/server/accounts.tables';
import { sessions } from '@/server/plugins/session.tables';
import { cachedSessionCount, forgetCachedSessions } from '@/server/plugins/session';

/**
 * The session lookup is cached for a few seconds per instance (decision 017). What a user
 * notices must not change: sign-out, revocation, suspension and role changes made on this
 * instance take effect on the very next request; on a PostgreSQL server, changes made through
 * another instance arrive through the 'sessions_changed' feed.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe('[PLATFORM] cached session lookups', () => {
  it('a signed-out session is refused on the next request, though it was just cached', async () => {
    const user = await createUser(t.db);
    const cookie = await login(t, user.email, user.password);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBeLessThan(400);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("an admin's role change and suspension show on the user's next request", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const producer = await createUser(t.db);
    const adminCookie = await signIn(t, admin.id);
    const cookie = await signIn(t, producer.id);
    expect((await me(cookie)).json()).toMatchObject({ role: 'producer', membershipTier: 'free' });

    const role = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${producer.id}/role`,
      cookie: adminCookie,
      payload: { role: 'premium' },
    });
    expect(role.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ membershipTier: 'premium' });

    const suspend = await t.request({
      method: 'POST',
      url: `/api/admin/users/${producer.id}/suspend`,
      cookie: adminCookie,
      payload: { notes: 'Testing suspension with a cached session' },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a write that changes no user or session leaves the cached sessions alone', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const [listing] = await insertListings(t.db, [{ agentId: agent.id, title: 'Kept' }]);
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    // Announcements of earlier tests' changes (PostgreSQL) have arrived before we count.
    await sleep(300);
    expect((await me(cookie)).statusCode).toBe(200);
    const cached = cachedSessionCount();
    expect(cached).toBeGreaterThan(0);
    const favourite = await t.request({
      method: 'POST',
      url: `/api/favorites/${listing.id}`,
      cookie,
    });
    expect(favourite.statusCode).toBe(200);
    expect(cachedSessionCount()).toBe(cached);
  });

  it('a change to a user forgets the cache again once the request has been answered', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBeLessThan(400);
    expect(cachedSessionCount()).toBe(0);
  });

  it.skipIf(onServer)(
    'on the embedded database (one process), a session revoked behind the cache is answered from memory until forgotten',
    async () => {
      const user = await createUser(t.db);
      const cookie = await signIn(t, user.id);
      expect((await me(cookie)).statusCode).toBe(200);
      // Another instance revokes the session: this instance's copy is trusted for at most
      // SESSION_CACHE_TTL_MS, then the database decides again.
      await t.db.delete(sessions).where(eq(sessions.userId, user.id));
      expect((await me(cookie)).statusCode).toBe(200);
      forgetCachedSessions();
      expect((await me(cookie)).statusCode).toBe(401);
    },
  );

  it.runIf(onServer)(
    'on PostgreSQL, a suspension or revocation made through another instance is seen within a second, not when the cache lapses',
    async () => {
      const waitFor401 = async (cookie: string) => {
        const started = Date.now();
        while ((await me(cookie)).statusCode !== 401) {
          if (Date.now() - started > 1_000) throw new Error('still signed in after 1 s');
          await sleep(10);
        }
        return Date.now() - started;
      };
      const suspended = await createUser(t.db);
      const suspendedCookie = await signIn(t, suspended.id);
      expect((await me(suspendedCookie)).statusCode).toBe(200);
      // Another instance's statement: nothing on this one calls forgetCachedSessions.
      await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
      expect(await waitFor401(suspendedCookie)).toBeLessThan(1_000);

      const revoked = await createUser(t.db);
      const revokedCookie = await signIn(t, revoked.id);
      expect((await me(revokedCookie)).statusCode).toBe(200);
      await t.db.delete(sessions).where(eq(sessions.userId, revoked.id));
      expect(await waitFor401(revokedCookie)).toBeLessThan(1_000);
    },
  );
});
