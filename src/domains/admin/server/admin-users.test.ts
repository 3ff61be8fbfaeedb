import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { verifyPassword } from '@/domains/accounts/server';
import { membershipSubscriptions } from '@/domains/membership/server/subscriptions.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { mailOutbox } from '@/server/mail/mail.tables';
import type { AuditLogResponse, ListUsersResponse, PendingAgentsResponse } from '../admin.schema';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await signIn(t, admin.id);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, cookie = adminCookie) => t.request({ method: 'GET', url, cookie });
const auditOf = async (userId: number) =>
  (await get(`/api/admin/audit-log?targetType=user&targetId=${userId}`)).json<AuditLogResponse>()
    .entries;

describe('[ADMIN] the users list', () => {
  it('pages, searches, filters and sorts, and leaves deleted accounts out', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await createUser(t.db, {
          firstName: `Name${i}`,
          lastName: tag,
          email: `${tag}-${i}@example.test`,
          companyName: i === 3 ? `Studio ${tag.toUpperCase()}` : null,
          role: i === 4 ? 'agent' : 'producer',
          suspendedAt: i === 2 ? new Date() : null,
        }),
      );
    }
    await createUser(t.db, {
      firstName: 'Deleted',
      lastName: tag,
      email: `deleted-${tag}@example.test`,
      deletedAt: new Date(),
    });

    const page1 = (
      await get(`/api/admin/users?search=${tag}&pageSize=2&sort=email&order=asc`)
    ).json<ListUsersResponse>();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(page1.users.map((u) => u.email)).toEqual([
      `${tag}-0@example.test`,
      `${tag}-1@example.test`,
    ]);
    expect(page1.users[0]).toMatchObject({
      role: 'producer',
      membershipTier: 'free',
      emailVerified: true,
      status: 'active',
      agentVerificationStatus: null,
    });
    expect(page1.users[0]).not.toHaveProperty('passwordHash');

    const page3 = (
      await get(`/api/admin/users?search=${tag}&pageSize=2&page=3&sort=email&order=asc`)
    ).json<ListUsersResponse>();
    expect(page3.users.map((u) => u.email)).toEqual([`${tag}-4@example.test`]);

    // Case-insensitive, on the company and on the full name.
    const byCompany = (
      await get(`/api/admin/users?search=studio%20${tag.toUpperCase()}`)
    ).json<ListUsersResponse>();
    expect(byCompany.users.map((u) => u.id)).toEqual([made[3].id]);
    const byName = (await get(`/api/admin/users?search=NAME1%20${tag}`)).json<ListUsersResponse>();
    expect(byName.users.map((u) => u.id)).toEqual([made[1].id]);

    const suspended = (
      await get(`/api/admin/users?search=${tag}&status=suspended`)
    ).json<ListUsersResponse>();
    expect(suspended.users.map((u) => u.id)).toEqual([made[2].id]);
    expect(suspended.users[0].status).toBe('suspended');
    const agents = (
      await get(`/api/admin/users?search=${tag}&role=agent`)
    ).json<ListUsersResponse>();
    expect(agents.users.map((u) => u.id)).toEqual([made[4].id]);
    const byNameDesc = (
      await get(`/api/admin/users?search=${tag}&sort=name&order=desc`)
    ).json<ListUsersResponse>();
    expect(byNameDesc.users.map((u) => u.firstName)).toEqual([
      'Name4',
      'Name3',
      'Name2',
      'Name1',
      'Name0',
    ]);
    // A LIKE wildcard is a character, not "anything".
    expect((await get('/api/admin/users?search=%25%25%25')).json<ListUsersResponse>().total).toBe(
      0,
    );
  });

  it('refuses bad query values and non-admins', async () => {
    expect((await get('/api/admin/users?pageSize=101')).statusCode).toBe(400);
    expect((await get('/api/admin/users?sort=password')).statusCode).toBe(400);
    expect((await get('/api/admin/users?status=deleted')).statusCode).toBe(400);
    const producer = await createUser(t.db);
    expect((await get('/api/admin/users', await signIn(t, producer.id))).statusCode).toBe(403);
    expect((await get('/api/admin/users', '')).statusCode).toBe(401);
    expect((await get('/api/admin/pending-agents', await signIn(t, producer.id))).statusCode).toBe(
      403,
    );
    expect((await get('/api/admin/audit-log', '')).statusCode).toBe(401);
  });
});

describe('[ADMIN] pending agent applications', () => {
  it('lists pending agents oldest first with their agency details', async () => {
    const later = await createUser(t.db, {
      role: 'agent',
      agentVerificationStatus: 'pending',
      agentVerificationSubmittedAt: new Date(Date.now() - 1000),
      companyName: 'Later Agency',
    });
    const earlier = await createUser(t.db, {
      role: 'agent',
      agentVerificationStatus: 'pending',
      agentVerificationSubmittedAt: new Date(Date.now() - 86_400_000),
      companyName: 'Earlier Agency',
      agencyWebsite: 'https://earlier.example',
      agencyYearsInBusiness: 12,
      agencyClientList: 'Many fine authors',
      agencyContactPhone: '+44 20 7946 0001',
      agencyCredentials: 'AAA member',
    });
    await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    const { agents } = (await get('/api/admin/pending-agents')).json<PendingAgentsResponse>();
    const ids = agents.map((a) => a.id);
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(later.id));
    expect(agents.find((a) => a.id === earlier.id)).toMatchObject({
      companyName: 'Earlier Agency',
      agencyWebsite: 'https://earlier.example',
      agencyYearsInBusiness: 12,
      agencyClientList: 'Many fine authors',
      agencyContactPhone: '+44 20 7946 0001',
      agencyCredentials: 'AAA member',
    });
    expect(agents.every((a) => a.agentVerificationSubmittedAt !== undefined)).toBe(true);
  });
});

describe('[ADMIN] changing a role', () => {
  const setRole = (userId: number, role: string, cookie = adminCookie) =>
    t.request({ method: 'PUT', url: `/api/admin/users/${userId}/role`, cookie, payload: { role } });

  it('premium is a complimentary year that does not bill; free takes it away', async () => {
    const producer = await createUser(t.db);
    const response = await setRole(producer.id, 'premium');
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ role: 'producer', membershipTier: 'premium' });
    const days = (Date.parse(user.premiumExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    const [row] = await t.db.select().from(users).where(eq(users.id, producer.id));
    expect(row.premiumAutoRenew).toBe(false);
    const status = await t.request({
      method: 'GET',
      url: '/api/membership/status',
      cookie: await signIn(t, producer.id),
    });
    expect(status.json()).toMatchObject({ tier: 'premium' });

    const free = await setRole(producer.id, 'free');
    expect(free.json().user).toMatchObject({ membershipTier: 'free', premiumExpiresAt: null });

    const [latest, first] = await auditOf(producer.id);
    expect(latest).toMatchObject({
      action: 'change_role',
      actorId: admin.id,
      actorName: 'Ada Admin',
      targetLabel: producer.email,
      before: { membershipTier: 'premium' },
      after: { membershipTier: 'free', premiumExpiresAt: null, roleOption: 'free' },
    });
    expect(first).toMatchObject({
      before: { membershipTier: 'free', premiumExpiresAt: null },
      after: { membershipTier: 'premium', roleOption: 'premium' },
    });
  });

  it('agent makes an approved agent whose drafts go public', async () => {
    const producer = await createUser(t.db);
    const response = await setRole(producer.id, 'agent');
    expect(response.json().user).toMatchObject({
      role: 'agent',
      agentVerificationStatus: 'approved',
      membershipTier: 'free',
    });
    const pending = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'pending' });
    const draft = await insertListing(t.db, { agentId: pending.id, status: 'draft' });
    expect((await setRole(pending.id, 'agent')).json().user.agentVerificationStatus).toBe(
      'approved',
    );
    const reader = await signIn(t, (await createUser(t.db)).id);
    expect((await get(`/api/listings/${draft.id}`, reader)).statusCode).toBe(200);
  });

  it('keeps administrators as they are and makes no new ones', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    expect((await setRole(other.id, 'admin')).statusCode).toBe(200);
    const demote = await setRole(other.id, 'free');
    expect(demote.statusCode).toBe(403);
    const producer = await createUser(t.db);
    const promote = await setRole(producer.id, 'admin');
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Administrator is only kept for existing administrators');
    expect((await setRole(admin.id, 'free')).statusCode).toBe(403);
    expect((await setRole(producer.id, 'superuser')).statusCode).toBe(400);
    expect((await setRole(987654, 'free')).statusCode).toBe(404);
    expect((await setRole(producer.id, 'free', await signIn(t, producer.id))).statusCode).toBe(403);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it('refuses to end a paid membership or to orphan an agent’s listings', async () => {
    const member = await createUser(t.db, { membershipTier: 'premium' });
    await t.db.insert(membershipSubscriptions).values({
      userId: member.id,
      status: 'active',
      provider: 'local',
      checkoutSessionId: `cs_admin_${Date.now()}`,
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
    } as typeof membershipSubscriptions.$inferInsert);
    const refused = await setRole(member.id, 'free');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/pays for Premium/);

    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await insertListing(t.db, { agentId: agent.id });
    expect((await setRole(agent.id, 'free')).statusCode).toBe(409);
  });
});

describe('[ADMIN] resetting a password', () => {
  const reset = (userId: number, payload: unknown, cookie = adminCookie) =>
    t.request({
      method: 'POST',
      url: `/api/admin/users/${userId}/reset-password`,
      cookie,
      payload: payload as Record<string, unknown>,
    });

  it('sets the password, signs the person out everywhere, emails them and audits it', async () => {
    const producer = await createUser(t.db);
    const oldCookie = await login(t, producer.email, producer.password);
    const response = await reset(producer.id, { newPassword: 'a-brand-new-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Password reset successfully',
      userEmail: producer.email,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, producer.id));
    expect(await verifyPassword(row.passwordHash, 'a-brand-new-password')).toBe(true);
    expect((await get('/api/auth/user', oldCookie)).statusCode).toBe(401);
    await login(t, producer.email, 'a-brand-new-password');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, producer.email));
    expect(mails.at(-1)?.subject).toBe('Your PageToScreen password was reset by an administrator');
    const [entry] = await auditOf(producer.id);
    expect(entry).toMatchObject({ action: 'reset_password', actorId: admin.id });
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-password');
  });

  it('answers the spec’s messages', async () => {
    const producer = await createUser(t.db);
    const empty = await reset(producer.id, { newPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ newPassword: 'Please enter a new password' });
    const missing = await reset(producer.id, {});
    expect(missing.json().fields).toEqual({ newPassword: 'Please enter a new password' });
    const short = await reset(producer.id, { newPassword: 'short' });
    expect(short.json().fields).toEqual({
      newPassword: 'Password must be at least 8 characters long',
    });
    expect((await reset(987654, { newPassword: 'long-enough-1' })).statusCode).toBe(404);
    expect((await reset(admin.id, { newPassword: 'long-enough-1' })).statusCode).toBe(403);
    const other = await createUser(t.db);
    expect(
      (await reset(producer.id, { newPassword: 'long-enough-1' }, await signIn(t, other.id)))
        .statusCode,
    ).toBe(403);
  });
});

describe('[ADMIN] the audit log', () => {
  it('filters by action and actor, newest first, and pages', async () => {
    const producer = await createUser(t.db);
    for (const role of ['premium', 'free', 'premium']) {
      await t.request({
        method: 'PUT',
        url: `/api/admin/users/${producer.id}/role`,
        cookie: adminCookie,
        payload: { role },
      });
    }
    const log = (
      await get(`/api/admin/audit-log?action=change_role&actorId=${admin.id}&pageSize=2`)
    ).json<AuditLogResponse>();
    expect(log.entries).toHaveLength(2);
    expect(log.entries[0].targetId).toBe(producer.id);
    expect(log.entries[0].after).toMatchObject({ roleOption: 'premium' });
    expect(log.entries[1].after).toMatchObject({ roleOption: 'free' });
    expect(log.total).toBeGreaterThanOrEqual(3);
    expect((await get('/api/admin/audit-log?action=nothing')).statusCode).toBe(400);
  });
});
