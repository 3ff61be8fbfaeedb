import { and, asc, count, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { requireVisibleListing } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { render } from '@/server/mail/templates';
import { AppError, forbidden, notFound } from '@/shared/errors';
import { paths } from '@/shared/paths';
import {
  NEW_ACCOUNT_MS,
  NEW_PRODUCER_THREADS_PER_DAY,
  PRODUCER_THREADS_PER_DAY,
} from '../inbox.constants';
import { DEAL_MESSAGES, type DealMessageBody, type DealThread } from '../inbox.schema';
import { dealMessages, dealMutes, dealThreads, type DealThreadRow } from './inbox.tables';

export type DealDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>;

const agents = alias(users, 'agents');
const DAY_MS = 24 * 60 * 60 * 1000;
const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Threads with their listing, both parties and messages, shaped for the reader. */
async function loadThreads(db: Executor, reader: UserRow, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      thread: dealThreads,
      listingTitle: listings.title,
      producer: { firstName: users.firstName, lastName: users.lastName },
      agent: { firstName: agents.firstName, lastName: agents.lastName },
    })
    .from(dealThreads)
    .innerJoin(listings, eq(listings.id, dealThreads.listingId))
    .innerJoin(users, eq(users.id, dealThreads.producerId))
    .innerJoin(agents, eq(agents.id, dealThreads.agentId))
    .where(where)
    .orderBy(desc(dealThreads.lastMessageAt))
    .limit(100);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.thread.id);
  const messages = await db
    .select()
    .from(dealMessages)
    .where(inArray(dealMessages.threadId, ids))
    .orderBy(asc(dealMessages.createdAt), asc(dealMessages.id));
  const mutes = await db
    .select()
    .from(dealMutes)
    .where(
      or(
        ...rows.map((row) =>
          and(
            eq(dealMutes.agentId, row.thread.agentId),
            eq(dealMutes.producerId, row.thread.producerId),
          ),
        ),
      ),
    );
  return rows.map(({ thread, listingTitle, producer, agent }): DealThread => {
    const own = messages.filter((message) => message.threadId === thread.id);
    return {
      id: thread.id,
      listingId: thread.listingId,
      listingTitle,
      producerName: nameOf(producer),
      agentName: nameOf(agent),
      you: reader.id === thread.agentId ? 'agent' : 'producer',
      muted: mutes.some(
        (mute) => mute.agentId === thread.agentId && mute.producerId === thread.producerId,
      ),
      lastMessageAt: thread.lastMessageAt.toISOString(),
      messages: own.map((message, index) => ({
        id: message.id,
        authorRole: message.authorId === thread.agentId ? 'agent' : 'producer',
        authorName: message.authorId === thread.agentId ? nameOf(agent) : nameOf(producer),
        body: message.body,
        isFirst: index === 0,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  });
}

/** The inbox: every thread the user is part of (admins: their own too, like anyone). */
export function findInbox(db: Executor, user: UserRow): Promise<DealThread[]> {
  return loadThreads(
    db,
    user,
    and(or(eq(dealThreads.producerId, user.id), eq(dealThreads.agentId, user.id))),
  );
}

/** The producer's thread on a listing, or the agent's threads there (the first one shown). */
export async function findListingThread(
  db: Executor,
  user: UserRow,
  listingId: number,
): Promise<DealThread | null> {
  const [thread] = await loadThreads(
    db,
    user,
    and(eq(dealThreads.listingId, listingId), eq(dealThreads.producerId, user.id)),
  );
  return thread ?? null;
}

async function requireThread(db: Executor, user: UserRow, threadId: number) {
  const [thread] = await db.select().from(dealThreads).where(eq(dealThreads.id, threadId));
  if (!thread) throw notFound('Conversation not found');
  if (thread.producerId !== user.id && thread.agentId !== user.id) {
    throw forbidden('You are not part of this conversation');
  }
  return thread;
}

async function isMuted(db: Executor, agentId: number, producerId: number): Promise<boolean> {
  const [mute] = await db
    .select({ agentId: dealMutes.agentId })
    .from(dealMutes)
    .where(and(eq(dealMutes.agentId, agentId), eq(dealMutes.producerId, producerId)));
  return Boolean(mute);
}

/**
 * A producer asks the listing's agent a question. The first message of a thread starts it
 * (limited per day, tighter for new accounts) and emails the agent; a muted producer is
 * refused. Later messages join the same thread.
 */
export async function askQuestion(
  deps: DealDeps,
  user: UserRow,
  listingId: number,
  body: DealMessageBody,
): Promise<DealThread> {
  if (user.role !== 'producer') throw forbidden(DEAL_MESSAGES.producersOnly);
  // A listing the producer may not see (a draft, a suspended agent's) is answered as a missing
  // one: its agent is not reachable through it and its title is not told.
  const listing = await requireVisibleListing(deps.db, user, listingId);
  if (!listing.agentId) throw notFound('Listing not found');
  if (listing.agentId === user.id) throw forbidden(DEAL_MESSAGES.ownListing);
  const agentId = listing.agentId;
  if (await isMuted(deps.db, agentId, user.id)) throw forbidden(DEAL_MESSAGES.muted);

  const started = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(dealThreads)
      .where(and(eq(dealThreads.listingId, listingId), eq(dealThreads.producerId, user.id)))
      .for('update');
    let thread: DealThreadRow | undefined = existing;
    const now = new Date();
    if (!thread) {
      const isNew = now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_MS;
      const [{ started: today }] = await tx
        .select({ started: count() })
        .from(dealThreads)
        .where(
          and(
            eq(dealThreads.producerId, user.id),
            gte(dealThreads.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        );
      const limit = isNew ? NEW_PRODUCER_THREADS_PER_DAY : PRODUCER_THREADS_PER_DAY;
      if (today >= limit) throw new AppError('RATE_LIMITED', DEAL_MESSAGES.dailyLimit);
      [thread] = await tx
        .insert(dealThreads)
        .values({ listingId, producerId: user.id, agentId, producerReadAt: now })
        .onConflictDoNothing()
        .returning();
      if (!thread) {
        [thread] = await tx
          .select()
          .from(dealThreads)
          .where(and(eq(dealThreads.listingId, listingId), eq(dealThreads.producerId, user.id)));
      }
    }
    await tx
      .insert(dealMessages)
      .values({ threadId: thread.id, authorId: user.id, body: body.body });
    await tx
      .update(dealThreads)
      .set({ lastMessageAt: now, producerReadAt: now })
      .where(eq(dealThreads.id, thread.id));
    return { thread, isFirst: !existing };
  });

  await notifySafely(deps, {
    userId: agentId,
    kind: 'deal_question',
    title: `New question about ${listing.title}`,
    body: `${nameOf(user)}: ${body.body.slice(0, 140)}`,
    url: paths.inbox,
  });
  if (started.isFirst) {
    const [agent] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, agentId));
    if (agent) {
      await deps.mailer.send({
        to: agent.email,
        ...render({
          publicUrl: deps.config.publicUrl,
          subject: `A producer has a question about ${listing.title}`,
          greetingName: agent.firstName,
          paragraphs: [
            `${nameOf(user)} asked a question about "${listing.title}". Read and answer it in your inbox.`,
          ],
          action: { label: 'Open your inbox', url: `${deps.config.publicUrl}${paths.inbox}` },
        }),
      });
    }
  }
  const thread = await findListingThread(deps.db, user, listingId);
  if (!thread) throw notFound('Conversation not found');
  return thread;
}

/** A reply in a thread, by its producer or its agent; the first reply emails the producer. */
export async function replyToThread(
  deps: DealDeps,
  user: UserRow,
  threadId: number,
  body: DealMessageBody,
): Promise<DealThread> {
  const thread = await requireThread(deps.db, user, threadId);
  const isAgent = thread.agentId === user.id;
  if (!isAgent && (await isMuted(deps.db, thread.agentId, thread.producerId))) {
    throw forbidden(DEAL_MESSAGES.muted);
  }
  const now = new Date();
  const [{ replies }] = await deps.db
    .select({ replies: count() })
    .from(dealMessages)
    .where(and(eq(dealMessages.threadId, threadId), eq(dealMessages.authorId, thread.agentId)));
  await deps.db.transaction(async (tx) => {
    await tx.insert(dealMessages).values({ threadId, authorId: user.id, body: body.body });
    await tx
      .update(dealThreads)
      .set(
        isAgent
          ? { lastMessageAt: now, agentReadAt: now }
          : { lastMessageAt: now, producerReadAt: now },
      )
      .where(eq(dealThreads.id, threadId));
  });
  await notifySafely(deps, {
    userId: isAgent ? thread.producerId : thread.agentId,
    kind: 'deal_message',
    title: isAgent ? 'The agent answered your question' : 'A producer replied to you',
    body: body.body.slice(0, 140),
    url: paths.inbox,
  });
  if (isAgent && replies === 0) {
    const [producer] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, thread.producerId));
    if (producer) {
      await deps.mailer.send({
        to: producer.email,
        ...render({
          publicUrl: deps.config.publicUrl,
          subject: 'The agent answered your question',
          greetingName: producer.firstName,
          paragraphs: ['The agent has answered your question. Read it in your inbox.'],
          action: { label: 'Open your inbox', url: `${deps.config.publicUrl}${paths.inbox}` },
        }),
      });
    }
  }
  const [shaped] = await loadThreads(deps.db, user, eq(dealThreads.id, threadId));
  return shaped;
}

/** The thread's agent mutes (or unmutes) its producer: no more questions from them. */
export async function setMute(
  deps: DealDeps,
  user: UserRow,
  threadId: number,
  muted: boolean,
): Promise<DealThread> {
  const thread = await requireThread(deps.db, user, threadId);
  if (thread.agentId !== user.id) throw forbidden('Only the agent can mute a producer');
  if (muted) {
    await deps.db
      .insert(dealMutes)
      .values({ agentId: user.id, producerId: thread.producerId })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(dealMutes)
      .where(and(eq(dealMutes.agentId, user.id), eq(dealMutes.producerId, thread.producerId)));
  }
  const [shaped] = await loadThreads(deps.db, user, eq(dealThreads.id, threadId));
  return shaped;
}

/** The header bell (notifications room); a failure there never fails the message. */
async function notifySafely(deps: DealDeps, item: Parameters<typeof notify>[1][number]) {
  try {
    await notify(deps.db, [item]);
  } catch (error) {
    deps.log.warn({ err: error }, 'in-app notification not created');
  }
}
