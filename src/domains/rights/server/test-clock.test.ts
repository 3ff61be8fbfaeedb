import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, resetClock } from '@/server/clock';
import { ConfigError, loadConfig } from '@/server/config';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { grantRights } from './grant-rights';
import { rightsGrants } from './rights.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/test/clock (decision 023): it exists only when TEST_CLOCK=true. The authorisation
 * matrix and the bad-input suite build the app without it (where it is a 404 like any unknown
 * route), so its roles and bad input are covered here.
 */
describe('[RIGHTS] the test clock', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ env: { TEST_CLOCK: 'true' }, reset: false });
  }, 60_000);
  afterAll(async () => {
    resetClock();
    await Promise.all([off.close(), on.close()]);
  });

  const advance = (app: TestApp, payload: unknown, cookie?: string) =>
    app.request({ method: 'POST', url: '/api/test/clock', payload: payload as object, cookie });

  it('does not exist unless TEST_CLOCK is on', async () => {
    const admin = await createUser(off.db, { role: 'admin' });
    const response = await advance(off, { advanceDays: 1 }, await signIn(off, admin.id));
    expect(response.statusCode).toBe(404);
    expect(now().getTime()).toBeLessThan(Date.now() + 60_000);
  });

  it('is for admins only', async () => {
    const producer = await createUser(on.db);
    const agent = await createUser(on.db, { role: 'agent' });
    expect((await advance(on, { advanceDays: 0 })).statusCode).toBe(401);
    for (const user of [producer, agent]) {
      const response = await advance(on, { advanceDays: 0 }, await signIn(on, user.id));
      expect(response.statusCode).toBe(403);
    }
  });

  it.each([
    [{ advanceDays: -1 }],
    [{ advanceDays: 'soon' }],
    [{ advanceDays: 4000 }],
    [{}],
    [{ advanceDays: 1, extra: true }],
  ])('refuses %j with a 400 in our words', async (payload) => {
    const admin = await createUser(on.db, { role: 'admin' });
    const response = await advance(on, payload, await signIn(on, admin.id));
    if ('extra' in payload) {
      // Extra fields are ignored, as on every route; it must still not be a 500.
      expect(response.statusCode).toBe(200);
      resetClock();
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('advanceDays');
  });

  it('moves time forward and lets an option that ends meanwhile lapse at once', async () => {
    resetClock();
    const admin = await createUser(on.db, { role: 'admin' });
    const producer = await createUser(on.db);
    const listing = await insertListing(on.db, { rightsAvailable: ['film'], territory: ['UK'] });
    await on.db.transaction(async (tx) =>
      (
        await grantRights(tx, {
          listingId: listing.id,
          offerId: 77_001,
          producerId: producer.id,
          cells: [{ media: 'film', territory: 'UK' }],
          startsAt: new Date(),
          endsAt: new Date(Date.now() + 10 * DAY_MS),
        })
      )(),
    );
    const [grant] = await on.db
      .select()
      .from(rightsGrants)
      .where(eq(rightsGrants.listingId, listing.id));
    const cookie = await signIn(on, admin.id);

    const early = await advance(on, { advanceDays: 5 }, cookie);
    expect(early.statusCode).toBe(200);
    expect(early.json().lapsedGrants).toEqual([]);

    const response = await advance(on, { advanceDays: 6 }, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.lapsedGrants).toEqual([grant.id]);
    const moved = new Date(body.now).getTime() - Date.now();
    expect(moved).toBeGreaterThan(10.9 * DAY_MS);
    expect(moved).toBeLessThan(11.1 * DAY_MS);
    const [lapsed] = await on.db.select().from(rightsGrants).where(eq(rightsGrants.id, grant.id));
    expect(lapsed.status).toBe('lapsed');
    resetClock();
  });

  it('is off unless TEST_CLOCK says otherwise, and a bad value stops start-up naming it', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/pts-cfg' }).testClock).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/pts-cfg', TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(() => loadConfig({ DATA_DIR: '/tmp/pts-cfg', TEST_CLOCK: 'sometimes' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/pts-cfg', TEST_CLOCK: 'sometimes' })).toThrow(
      /TEST_CLOCK/,
    );
  });
});
