import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { holdsOfOffer, offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import type { AuditLogResponse } from '../admin.schema';

let t: TestApp;
let kit: OfferKit;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await signIn(t, admin.id);
}, 60_000);
afterAll(() => t.close());

const remove = (userId: number | string, cookie = adminCookie) =>
  t.request({ method: 'DELETE', url: `/api/admin/users/${userId}`, cookie });

describe('[ADMIN] deleting a user', () => {
  it('deletes a producer the way account deletion does: the card hold is released', async () => {
    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    const producer = await createUser(t.db);
    await kit.signIn(agent, producer);
    const listing = await insertListing(t.db, { agentId: agent.id });
    const offer = await kit.pendingOffer(producer, listing.id);
    expect((await holdsOfOffer(t.db, offer.id))[0].status).toBe('requires_capture');

    const response = await remove(producer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'User deleted successfully',
      deletedUserEmail: producer.email,
    });
    expect((await holdsOfOffer(t.db, offer.id))[0].status).toBe('canceled');
    expect(await t.db.select().from(users).where(eq(users.id, producer.id))).toEqual([]);
    expect(await t.db.select().from(offers).where(eq(offers.id, offer.id))).toEqual([]);
    // Their session went with them.
    const gone = await t.request({
      method: 'GET',
      url: '/api/auth/user',
      cookie: kit.cookie(producer),
    });
    expect(gone.statusCode).toBe(401);

    const log = (
      await t.request({
        method: 'GET',
        url: `/api/admin/audit-log?action=delete_user&targetId=${producer.id}`,
        cookie: adminCookie,
      })
    ).json<AuditLogResponse>();
    expect(log.entries[0]).toMatchObject({
      actorId: admin.id,
      targetLabel: producer.email,
      after: { outcome: 'deleted' },
    });
    expect((await remove(producer.id)).statusCode).toBe(404);
  });

  it('refuses administrators, unknown users and non-admins', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const refused = await remove(other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Administrators cannot be deleted from the admin console');
    expect((await remove(987654)).statusCode).toBe(404);
    expect((await remove('nope')).statusCode).toBe(404);
    const producer = await createUser(t.db);
    expect((await remove(producer.id, await signIn(t, producer.id))).statusCode).toBe(403);
    expect((await remove(producer.id, '')).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, producer.id))).toHaveLength(1);
  });
});
