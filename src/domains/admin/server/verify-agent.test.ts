import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import type { AuditLogResponse, PendingAgentsResponse } from '../admin.schema';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await signIn(t, admin.id);
}, 60_000);
afterAll(() => t.close());

const verify = (agentId: number | string, payload: Record<string, unknown>, cookie = adminCookie) =>
  t.request({ method: 'POST', url: `/api/admin/verify-agent/${agentId}`, cookie, payload });
const pendingAgent = () =>
  createUser(t.db, {
    role: 'agent',
    agentVerificationStatus: 'pending',
    agentVerificationSubmittedAt: new Date(),
  });
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('[ADMIN] verifying an agent', () => {
  it('approval publishes the drafts, emails the agent and is audited', async () => {
    const agent = await pendingAgent();
    const draft = await insertListing(t.db, { agentId: agent.id, status: 'draft' });
    const response = await verify(agent.id, { status: 'approved', notes: 'Welcome aboard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Agent application approved',
      user: { id: agent.id, agentVerificationStatus: 'approved' },
      publishedListingIds: [draft.id],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(row.agentVerifiedAt).not.toBeNull();
    expect(row.agentVerificationNotes).toBe('Welcome aboard');
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, draft.id));
    expect(listing.status).toBe('available');
    const mails = await mailsTo(agent.email);
    expect(mails.at(-1)?.subject).toBe('Your PageToScreen agent account has been approved');
    expect(mails.at(-1)?.text).toContain('Welcome aboard');

    const pending = (
      await t.request({ method: 'GET', url: '/api/admin/pending-agents', cookie: adminCookie })
    ).json<PendingAgentsResponse>();
    expect(pending.agents.map((a) => a.id)).not.toContain(agent.id);
    const log = (
      await t.request({
        method: 'GET',
        url: `/api/admin/audit-log?targetId=${agent.id}`,
        cookie: adminCookie,
      })
    ).json<AuditLogResponse>();
    expect(log.entries[0]).toMatchObject({
      action: 'verify_agent',
      actorId: admin.id,
      targetType: 'user',
      targetLabel: agent.email,
      before: { agentVerificationStatus: 'pending' },
      after: { agentVerificationStatus: 'approved', publishedListingIds: [draft.id] },
      notes: 'Welcome aboard',
    });

    // The approved agent's next listing is public at once.
    const again = await verify(agent.id, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
  });

  it('rejection keeps the drafts private and tells the agent', async () => {
    const agent = await pendingAgent();
    const draft = await insertListing(t.db, { agentId: agent.id, status: 'draft' });
    const response = await verify(agent.id, { status: 'rejected', notes: 'No credentials' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Agent application rejected',
      user: { agentVerificationStatus: 'rejected' },
      publishedListingIds: [],
    });
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, draft.id));
    expect(listing.status).toBe('draft');
    const mails = await mailsTo(agent.email);
    expect(mails.at(-1)?.subject).toBe('Your PageToScreen agent application');
    expect(mails.at(-1)?.text).toContain('No credentials');
    // A rejected applicant may be approved later (new details, a second look).
    expect((await verify(agent.id, { status: 'approved' })).statusCode).toBe(200);
  });

  it('refuses bad input, non-agents, unknown ids and non-admins', async () => {
    const agent = await pendingAgent();
    const bad = await verify(agent.id, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('status');
    expect(
      (await verify(agent.id, { status: 'approved', notes: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const producer = await createUser(t.db);
    expect((await verify(producer.id, { status: 'approved' })).statusCode).toBe(409);
    expect((await verify(987654, { status: 'approved' })).statusCode).toBe(404);
    expect((await verify('abc', { status: 'approved' })).statusCode).toBe(404);
    expect(
      (await verify(agent.id, { status: 'approved' }, await signIn(t, agent.id))).statusCode,
    ).toBe(403);
    expect((await verify(agent.id, { status: 'approved' }, '')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(row.agentVerificationStatus).toBe('pending');
  });
});
