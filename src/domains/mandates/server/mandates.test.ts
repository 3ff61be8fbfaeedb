import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { dealMessages, dealThreads } from '@/domains/inbox/server/inbox.tables';
import { notifications } from '@/domains/notifications/server/notifications.tables';
import { embedListingsBatch, getEmbedder } from '@/domains/recommendations/server';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import {
  MANDATE_MESSAGES,
  PITCHES_PER_DAY,
  type AgentMatches,
  type Mandate,
  type Pitch,
} from '../mandates.schema';
import { notifyMandateMatches } from './notify-mandate-matches';

let t: TestApp;
let producer: UserRow;
let freeProducer: UserRow;
let agent: UserRow;
let otherAgent: UserRow;
let admin: UserRow;
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  producer = await createUser(t.db, {
    role: 'producer',
    membershipTier: 'premium',
    firstName: 'Secret',
    lastName: 'Person',
    companyName: 'Hidden Films',
  });
  freeProducer = await createUser(t.db, { role: 'producer' });
  agent = await createUser(t.db, { role: 'agent' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  admin = await createUser(t.db, { role: 'admin' });
  for (const user of [producer, freeProducer, agent, otherAgent, admin]) {
    cookies.set(user.id, await signIn(t, user.id));
  }
}, 120_000);
afterAll(() => t.close());

const as = (user: UserRow, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, cookie: cookies.get(user.id), payload });

const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const mandateBody = {
  media: ['book'],
  genres: ['Drama'],
  budgetMin: 10_000,
  budgetMax: 60_000,
  rights: ['film', 'tv'],
  territories: ['UK'],
  description: 'A tense coastal family drama with a lighthouse and a long-buried secret.',
  anonymous: true,
  anonymousLabel: 'a London drama producer',
  openUntil: inDays(60),
};

const drama = (overrides: Parameters<typeof insertListing>[1] = {}) =>
  insertListing(t.db, {
    agentId: agent.id,
    title: 'The Lighthouse Keeper',
    synopsis: 'A coastal family drama: a lighthouse keeper hides a long-buried secret.',
    genre: 'Drama',
    medium: 'book',
    rightsAvailable: ['film', 'tv'],
    territory: ['UK'],
    suggestedOfferMin: 2_000_000,
    suggestedOfferMax: 4_000_000,
    ...overrides,
  });

/** Nothing in an answer may name or identify the producer of an anonymous mandate. */
function expectNoLeak(body: string) {
  expect(body).not.toContain('Secret');
  expect(body).not.toContain('Hidden Films');
  expect(body).not.toContain(producer.email);
  expect(body).not.toMatch(new RegExp(`"producerId":${producer.id}\\b`));
}

async function post(body = mandateBody): Promise<Mandate> {
  const created = await as(producer, 'POST', '/api/mandates', body);
  expect(created.statusCode).toBe(201);
  return created.json<Mandate>();
}

describe('[MANDATES] posting, searching and closing', () => {
  it('a premium producer posts; free producers and agents are refused in our words', async () => {
    const free = await as(freeProducer, 'POST', '/api/mandates', mandateBody);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ code: 'UPGRADE_REQUIRED', upgradeRequired: true });
    const asAgent = await as(agent, 'POST', '/api/mandates', mandateBody);
    expect(asAgent.json().message).toBe(MANDATE_MESSAGES.producersOnly);
    const badBudget = await as(producer, 'POST', '/api/mandates', {
      ...mandateBody,
      budgetMin: 90_000,
    });
    expect(badBudget.statusCode).toBe(400);
    expect(badBudget.json().message).toContain(MANDATE_MESSAGES.budgetOrder);
    const noLabel = await as(producer, 'POST', '/api/mandates', {
      ...mandateBody,
      anonymousLabel: undefined,
    });
    expect(noLabel.json().message).toContain('Describe yourself');
    const past = await as(producer, 'POST', '/api/mandates', {
      ...mandateBody,
      openUntil: '2020-01-01',
    });
    expect(past.json().message).toBe(MANDATE_MESSAGES.openUntilPast);

    const mandate = await post();
    expect(mandate).toMatchObject({ postedBy: 'Secret Person, Hidden Films', isMine: true });
  });

  it('an anonymous mandate is searchable and reveals no one to agents or admins', async () => {
    const mandate = await post();
    for (const viewer of [agent, admin, freeProducer]) {
      const list = await as(viewer, 'GET', '/api/mandates?search=lighthouse');
      expect(list.json<{ mandates: Mandate[] }>().mandates.map((m) => m.id)).toContain(mandate.id);
      expectNoLeak(list.body);
      const page = await as(viewer, 'GET', `/api/mandates/${mandate.id}`);
      expect(page.json()).toMatchObject({
        postedBy: 'a London drama producer',
        producerId: null,
        producerVerified: false,
      });
      expectNoLeak(page.body);
    }
    const none = await as(agent, 'GET', '/api/mandates?search=spaceship');
    expect(none.json<{ mandates: Mandate[] }>().mandates.map((m) => m.id)).not.toContain(
      mandate.id,
    );
  });

  it('only its producer closes a mandate; closed ones leave the search', async () => {
    const mandate = await post({ ...mandateBody, description: 'A closable heist caper, please.' });
    expect((await as(agent, 'POST', `/api/mandates/${mandate.id}/close`)).statusCode).toBe(403);
    const closed = await as(producer, 'POST', `/api/mandates/${mandate.id}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await as(producer, 'POST', `/api/mandates/${mandate.id}/close`)).statusCode).toBe(409);
    const list = await as(agent, 'GET', '/api/mandates?search=heist');
    expect(list.json<{ mandates: Mandate[] }>().mandates.map((m) => m.id)).not.toContain(
      mandate.id,
    );
  });
});

describe('[MANDATES] matching both ways, pitching and answering', () => {
  it('matches by hard fields and meaning with a reason; a pitch is answered into the inbox', async () => {
    const listing = await drama();
    const comic = await drama({ title: 'Lighthouse Comic', medium: 'comic' });
    const embedder = getEmbedder(t.config);
    await embedListingsBatch({ db: t.db, embedder }, 500);
    const mandate = await post();

    const matches = (await as(agent, 'GET', '/api/mandates/matches')).json<AgentMatches>();
    const forListing = matches.listings.find((l) => l.listingId === listing.id);
    const match = forListing?.mandates.find((m) => m.mandate.id === mandate.id);
    expect(match?.reason).toContain('Book, as the mandate asks');
    expect(match?.reason).toContain('Film and TV rights available');
    expect(match?.reason).toContain('genre: drama');
    expect(match?.reason).toContain('priced within the £10,000–£60,000 budget');
    expect(match?.pitched).toBe(false);
    expect(
      matches.listings.find((l) => l.listingId === comic.id)?.mandates.map((m) => m.mandate.id),
    ).not.toContain(mandate.id);
    expectNoLeak(JSON.stringify(matches));

    const fits = await as(producer, 'GET', `/api/mandates/${mandate.id}/listings`);
    expect(
      fits.json<{ listings: { listingId: number }[] }>().listings.map((l) => l.listingId),
    ).toContain(listing.id);
    expect((await as(agent, 'GET', `/api/mandates/${mandate.id}/listings`)).statusCode).toBe(403);

    const pitch = { listingId: listing.id, message: 'Our lighthouse drama fits your mandate.' };
    const notTheirs = await as(otherAgent, 'POST', `/api/mandates/${mandate.id}/pitches`, pitch);
    expect(notTheirs.json().message).toBe(MANDATE_MESSAGES.notYourListing);
    const sent = await as(agent, 'POST', `/api/mandates/${mandate.id}/pitches`, pitch);
    expect(sent.statusCode).toBe(201);
    expectNoLeak(sent.body);
    const twice = await as(agent, 'POST', `/api/mandates/${mandate.id}/pitches`, pitch);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MANDATE_MESSAGES.alreadyPitched);
    expectNoLeak((await as(agent, 'GET', '/api/mandates/pitches/sent')).body);

    const received = (await as(producer, 'GET', `/api/mandates/${mandate.id}/pitches`)).json<{
      pitches: Pitch[];
    }>().pitches;
    expect(received[0]).toMatchObject({ listingTitle: 'The Lighthouse Keeper', status: 'sent' });
    const answered = await as(producer, 'POST', `/api/mandates/pitches/${received[0].id}/answer`, {
      message: 'Send me the book, please.',
    });
    expect(answered.statusCode).toBe(200);
    const threadId = answered.json<Pitch>().threadId ?? 0;
    const [thread] = await t.db.select().from(dealThreads).where(eq(dealThreads.id, threadId));
    expect(thread).toMatchObject({
      listingId: listing.id,
      producerId: producer.id,
      agentId: agent.id,
    });
    const messages = await t.db
      .select()
      .from(dealMessages)
      .where(eq(dealMessages.threadId, threadId));
    expect(messages.map((m) => m.body)).toEqual([
      'Pitch: Our lighthouse drama fits your mandate.',
      'Send me the book, please.',
    ]);

    // Answered: now, and only now, this agent knows who posted it; another agent still does not.
    const revealed = await as(agent, 'GET', `/api/mandates/${mandate.id}`);
    expect(revealed.json()).toMatchObject({ postedBy: 'Secret Person, Hidden Films' });
    expectNoLeak((await as(otherAgent, 'GET', `/api/mandates/${mandate.id}`)).body);
    const again = await as(producer, 'POST', `/api/mandates/pitches/${received[0].id}/decline`);
    expect(again.statusCode).toBe(409);
  });

  it('a muted agent cannot pitch, and pitches are limited per day', async () => {
    const mandate = await post();
    const listing = await drama({ agentId: otherAgent.id });
    await as(producer, 'PUT', `/api/mandates/mutes/${otherAgent.id}`, { muted: true });
    const muted = await as(otherAgent, 'POST', `/api/mandates/${mandate.id}/pitches`, {
      listingId: listing.id,
      message: 'Hello',
    });
    expect(muted.statusCode).toBe(403);
    expect(muted.json().message).toBe(MANDATE_MESSAGES.muted);

    const busy = await createUser(t.db, { role: 'agent' });
    cookies.set(busy.id, await signIn(t, busy.id));
    const statuses: number[] = [];
    for (let i = 0; i <= PITCHES_PER_DAY; i += 1) {
      const own = await drama({ agentId: busy.id, title: `Busy ${i}` });
      const answer = await as(busy, 'POST', `/api/mandates/${mandate.id}/pitches`, {
        listingId: own.id,
        message: 'One more',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(PITCHES_PER_DAY);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a new listing that fits an open mandate notifies its producer once (bell and email)', async () => {
    const since = new Date(Date.now() - 1000);
    const mandate = await post({ ...mandateBody, media: ['screenplay'], anonymous: false });
    const listing = await drama({ title: 'Harbour Lights Screenplay', medium: 'screenplay' });
    expect(await notifyMandateMatches(t.app, since)).toBeGreaterThanOrEqual(1);
    expect(await notifyMandateMatches(t.app, since)).toBe(0);
    const bells = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, producer.id));
    expect(bells.filter((b) => b.title.includes('Harbour Lights Screenplay'))).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, producer.email));
    expect(mails.filter((m) => m.text.includes('Harbour Lights Screenplay'))).toHaveLength(1);
    expect(mandate.media).toEqual(['screenplay']);
    expect(listing.medium).toBe('screenplay');
  });
});
