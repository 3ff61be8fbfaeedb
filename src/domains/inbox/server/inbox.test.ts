import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { NEW_PRODUCER_THREADS_PER_DAY } from '../inbox.constants';
import type { DealThread } from '../inbox.schema';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let otherAgent: UserRow;
let producer: UserRow;
let rival: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
  agent = await createUser(t.db, { role: 'agent' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  rival = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, otherAgent, producer, rival);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const ask = (user: UserRow, listingId: number, body: string) =>
  t.request({
    method: 'POST',
    url: `/api/deals/listings/${listingId}/questions`,
    cookie: kit.cookie(user),
    payload: { body },
  });

const reply = (user: UserRow, threadId: number, body: string) =>
  t.request({
    method: 'POST',
    url: `/api/deals/threads/${threadId}/messages`,
    cookie: kit.cookie(user),
    payload: { body },
  });

describe('[DEALS] questions before an offer', () => {
  it('a producer asks, the agent answers, both see the conversation; the first message emails', async () => {
    const listing = await insertListing(t.db, { agentId: agent.id, title: 'Quiet Harbour' });
    const asked = await ask(producer, listing.id, 'Are the audio rights free? see https://x.test');
    expect(asked.statusCode).toBe(201);
    const thread = asked.json<DealThread>();
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ authorRole: 'producer', isFirst: true });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email));
    expect(mails.map((m) => m.subject)).toContain('A producer has a question about Quiet Harbour');
    expect((await ask(producer, listing.id, 'And the stage rights?')).statusCode).toBe(201);
    const agentMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email));
    expect(agentMails).toHaveLength(mails.length);

    expect((await reply(agent, thread.id, 'Yes, both are free.')).statusCode).toBe(201);
    expect((await reply(rival, thread.id, 'me too')).statusCode).toBe(403);
    expect((await reply(otherAgent, thread.id, 'hello')).statusCode).toBe(403);

    for (const who of [producer, agent]) {
      const inbox = await t.request({
        method: 'GET',
        url: '/api/deals/threads',
        cookie: kit.cookie(who),
      });
      const found = inbox.json<DealThread[]>().find((item) => item.id === thread.id);
      expect(found?.messages.map((m) => m.authorRole)).toEqual(['producer', 'producer', 'agent']);
    }
    const onListing = await t.request({
      method: 'GET',
      url: `/api/deals/listings/${listing.id}/thread`,
      cookie: kit.cookie(producer),
    });
    expect(onListing.json<{ thread: DealThread }>().thread.messages).toHaveLength(3);
    const rivalView = await t.request({
      method: 'GET',
      url: '/api/deals/threads',
      cookie: kit.cookie(rival),
    });
    expect(rivalView.json<DealThread[]>().some((item) => item.id === thread.id)).toBe(false);
  });

  it('an agent may mute a producer; agents cannot ask; bad input is refused', async () => {
    const listing = await insertListing(t.db, { agentId: agent.id });
    const thread = (await ask(rival, listing.id, 'Is it still available?')).json<DealThread>();
    const muteByProducer = await t.request({
      method: 'POST',
      url: `/api/deals/threads/${thread.id}/mute`,
      cookie: kit.cookie(rival),
      payload: { muted: true },
    });
    expect(muteByProducer.statusCode).toBe(403);
    const muted = await t.request({
      method: 'POST',
      url: `/api/deals/threads/${thread.id}/mute`,
      cookie: kit.cookie(agent),
      payload: { muted: true },
    });
    expect(muted.json<DealThread>().muted).toBe(true);
    expect((await ask(rival, listing.id, 'Hello again')).statusCode).toBe(403);
    expect((await reply(rival, thread.id, 'Hello?')).statusCode).toBe(403);
    expect((await ask(otherAgent, listing.id, 'As an agent')).statusCode).toBe(403);
    expect((await ask(producer, listing.id, '   ')).statusCode).toBe(400);
    expect((await ask(producer, listing.id, 'x'.repeat(2001))).statusCode).toBe(400);
  });

  it('a new producer may start only a few conversations a day', async () => {
    const fresh = await createUser(t.db, { role: 'producer' });
    await kit.signIn(fresh);
    for (let i = 0; i < NEW_PRODUCER_THREADS_PER_DAY; i += 1) {
      const listing = await insertListing(t.db, { agentId: agent.id });
      expect((await ask(fresh, listing.id, `Question ${i}`)).statusCode).toBe(201);
    }
    const listing = await insertListing(t.db, { agentId: agent.id });
    expect((await ask(fresh, listing.id, 'One more')).statusCode).toBe(429);
  });
});
