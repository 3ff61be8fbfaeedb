import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { VETTING_MESSAGES, type Application, type PendingApplications } from '../vetting.schema';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let otherAgent: UserRow;
let producer: UserRow;
let unverified: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
  agent = await createUser(t.db, { role: 'agent' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer', firstName: 'Vera' });
  unverified = await createUser(t.db, { role: 'producer' });
  admin = await createUser(t.db, { role: 'admin' });
  await kit.signIn(agent, otherAgent, producer, unverified, admin);
}, 120_000);
afterAll(() => t.close());

const as = (user: UserRow, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, cookie: kit.cookie(user), payload });

const application = {
  company: 'Northern Light Films',
  role: 'Head of Development',
  website: 'https://northernlight.example',
  credits: [{ title: 'The Quiet Shore', year: 2022, role: 'Producer' }],
  reference: 'Sam Reed, BFI, sam@example.test',
};

async function verify(user: UserRow): Promise<void> {
  const applied = await as(user, 'POST', '/api/vetting/application', application);
  const { id } = applied.json<Application>();
  const decided = await as(admin, 'POST', `/api/admin/producer-applications/${id}/decision`, {
    status: 'approved',
  });
  expect(decided.statusCode).toBe(200);
}

describe('[VETTING] producer verification', () => {
  it('a producer applies; the admin sees it, approves it (audited, emailed); the badge shows', async () => {
    const applied = await as(producer, 'POST', '/api/vetting/application', application);
    expect(applied.statusCode).toBe(201);
    const mine = applied.json<Application>();
    expect(mine).toMatchObject({ status: 'pending', company: 'Northern Light Films' });

    const again = await as(producer, 'POST', '/api/vetting/application', application);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VETTING_MESSAGES.alreadyPending);

    const pending = (
      await as(admin, 'GET', '/api/admin/producer-applications')
    ).json<PendingApplications>();
    expect(pending.applications.map((a) => a.id)).toContain(mine.id);
    expect((await as(agent, 'GET', '/api/admin/producer-applications')).statusCode).toBe(403);

    const decided = await as(
      admin,
      'POST',
      `/api/admin/producer-applications/${mine.id}/decision`,
      {
        status: 'approved',
        notes: 'Credits checked with the BFI',
      },
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json().message).toBe('Producer verified');
    const twice = await as(admin, 'POST', `/api/admin/producer-applications/${mine.id}/decision`, {
      status: 'rejected',
    });
    expect(twice.statusCode).toBe(409);

    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, producer.id));
    expect(audit.map((row) => row.action)).toContain('verify_producer');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, producer.email));
    expect(mails.at(-1)?.subject).toBe('You are now a verified producer on PageToScreen');
    expect(mails.at(-1)?.text).toContain('Credits checked with the BFI');

    const status = await as(producer, 'GET', '/api/vetting/application');
    expect(status.json()).toMatchObject({ verified: true });
    const badges = await as(
      agent,
      'GET',
      `/api/vetting/verified?ids=${producer.id},${unverified.id}`,
    );
    expect(badges.json()).toEqual({ verifiedIds: [producer.id] });
  });

  it('refuses bad applications in our words and agents cannot apply', async () => {
    const noCredits = await as(unverified, 'POST', '/api/vetting/application', {
      ...application,
      credits: [],
    });
    expect(noCredits.statusCode).toBe(400);
    expect(noCredits.json().message).toContain('Add at least one credit');
    const badSite = await as(unverified, 'POST', '/api/vetting/application', {
      ...application,
      website: 'not a site',
    });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().message).toContain('starting with https://');
    const asAgent = await as(agent, 'POST', '/api/vetting/application', application);
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json().message).toBe(VETTING_MESSAGES.onlyProducers);
  });

  it('a rejected producer is emailed and may apply again', async () => {
    const someone = await createUser(t.db, { role: 'producer' });
    await kit.signIn(someone);
    const { id } = (
      await as(someone, 'POST', '/api/vetting/application', application)
    ).json<Application>();
    await as(admin, 'POST', `/api/admin/producer-applications/${id}/decision`, {
      status: 'rejected',
      notes: 'We could not reach your reference',
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, someone.email));
    expect(mails.at(-1)?.subject).toBe('Your PageToScreen producer verification');
    const again = await as(someone, 'POST', '/api/vetting/application', application);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'pending', notes: null });
  });
});

describe('[VETTING] listings open only to verified producers', () => {
  it('the agent restricts a listing; an unverified producer is told why and the offer API refuses', async () => {
    const listing = await insertListing(t.db, { agentId: agent.id });
    const notTheirs = await as(
      otherAgent,
      'PUT',
      `/api/vetting/listings/${listing.id}/offer-policy`,
      {
        verifiedOnly: true,
      },
    );
    expect(notTheirs.statusCode).toBe(403);
    const set = await as(agent, 'PUT', `/api/vetting/listings/${listing.id}/offer-policy`, {
      verifiedOnly: true,
    });
    expect(set.statusCode).toBe(200);

    const before = await as(unverified, 'GET', `/api/vetting/listings/${listing.id}/offer-policy`);
    expect(before.json()).toMatchObject({
      verifiedOnly: true,
      mayOffer: false,
      reason: VETTING_MESSAGES.verifiedOnly,
    });
    const refused = await kit.submit(unverified, await kit.offerBody(unverified, listing.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VETTING_MESSAGES.verifiedOnly);

    const verifiedOne = await createUser(t.db, { role: 'producer' });
    await kit.signIn(verifiedOne);
    await verify(verifiedOne);
    const policy = await as(verifiedOne, 'GET', `/api/vetting/listings/${listing.id}/offer-policy`);
    expect(policy.json()).toMatchObject({ mayOffer: true, reason: null });
    const accepted = await kit.submit(verifiedOne, await kit.offerBody(verifiedOne, listing.id));
    expect(accepted.statusCode).toBe(201);

    // Opened again to everyone: the unverified producer may offer.
    await as(agent, 'PUT', `/api/vetting/listings/${listing.id}/offer-policy`, {
      verifiedOnly: false,
    });
    const open = await kit.submit(unverified, await kit.offerBody(unverified, listing.id));
    expect(open.statusCode).toBe(201);
  });
});
