import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../tests/helpers/test-app';
import { sessions } from '@/server/plugins/session.tables';
import { forgetCachedSessions } from '@/server/plugins/session';

/**
 * The session lookup is cached for a few seconds per instance (decision 017). What a user
 * notices must not change: sign-out, revocation, suspension and role changes made on this
 * instance take effect on the very next request.
 */
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

  it('answers a session revoked elsewhere from memory only until the cache is forgotten', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    expect((await me(cookie)).statusCode).toBe(200);
    // Another instance revokes the session: this instance's copy is trusted for at most
    // SESSION_CACHE_TTL_MS, then the database decides again.
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(200);
    forgetCachedSessions();
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
