import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { UserRow } from '@/domains/accounts/server';
import { openPitchThread } from '@/domains/inbox/server';
import { requireVisibleListing } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { AppError, conflict, forbidden, notFound, postgresErrorCode } from '@/shared/errors';
import { paths } from '@/shared/paths';
import { MANDATE_MESSAGES, PITCHES_PER_DAY, type Pitch } from '../mandates.schema';
import { requireMandate, requireOwnMandate } from './find-mandates';
import { fitsHardFields } from './mandate-fit';
import { mandateMutes, mandatePitches, mandates, type MandatePitchRow } from './mandates.tables';
import { nameOf, presentMandates } from './present-mandates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Pitches as the viewer may read them: the producer's name only once they answered. */
async function presentPitches(
  db: Executor,
  rows: MandatePitchRow[],
  viewer: UserRow,
): Promise<Pitch[]> {
  if (rows.length === 0) return [];
  const mandateRows = await db
    .select()
    .from(mandates)
    .where(inArray(mandates.id, [...new Set(rows.map((row) => row.mandateId))]));
  const postedBy = new Map(
    (await presentMandates(db, mandateRows, viewer)).map((m) => [m.id, m.postedBy]),
  );
  const agents = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.agentId))]));
  const agentNames = new Map(agents.map((agent) => [agent.id, nameOf(agent)]));
  const titles = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, [...new Set(rows.map((row) => row.listingId))]));
  const titleOf = new Map(titles.map((listing) => [listing.id, listing.title]));
  return rows.map((row) => ({
    id: row.id,
    mandateId: row.mandateId,
    listingId: row.listingId,
    listingTitle: titleOf.get(row.listingId) ?? 'A listing',
    agentId: row.agentId,
    agentName: agentNames.get(row.agentId) ?? 'An agent',
    message: row.message,
    status: row.status as Pitch['status'],
    answer: row.answer,
    postedBy: postedBy.get(row.mandateId) ?? 'A producer',
    threadId: row.threadId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * POST /api/mandates/{id}/pitches: an agent pitches one of their available listings that fits
 * an open mandate, once per listing and mandate, at most PITCHES_PER_DAY a day. The producer
 * gets a bell notification; the agent learns nothing of an anonymous producer from it.
 */
export async function pitchListing(
  deps: Pick<AppDeps, 'db'>,
  agent: UserRow,
  mandateId: number,
  body: { listingId: number; message: string },
): Promise<Pitch> {
  if (agent.role !== 'agent') throw forbidden(MANDATE_MESSAGES.agentsOnly);
  const mandate = await requireMandate(deps.db, mandateId);
  const [presented] = await presentMandates(deps.db, [mandate], agent);
  if (presented.status !== 'open') throw conflict(MANDATE_MESSAGES.closed);
  const listing = await requireVisibleListing(
    deps.db,
    agent,
    body.listingId,
    MANDATE_MESSAGES.listingNotFound,
  );
  if (listing.agentId !== agent.id) throw forbidden(MANDATE_MESSAGES.notYourListing);
  const [facts] = await deps.db
    .select({ medium: listings.medium, rightsAvailable: listings.rightsAvailable })
    .from(listings)
    .where(eq(listings.id, listing.id));
  if (!fitsHardFields(mandate, facts)) {
    throw conflict('This listing does not fit the mandate’s media and rights');
  }
  const [muted] = await deps.db
    .select({ agentId: mandateMutes.agentId })
    .from(mandateMutes)
    .where(
      and(eq(mandateMutes.producerId, mandate.producerId), eq(mandateMutes.agentId, agent.id)),
    );
  if (muted) throw forbidden(MANDATE_MESSAGES.muted);
  const [{ sent }] = await deps.db
    .select({ sent: count() })
    .from(mandatePitches)
    .where(
      and(
        eq(mandatePitches.agentId, agent.id),
        gte(mandatePitches.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  if (Number(sent) >= PITCHES_PER_DAY)
    throw new AppError('RATE_LIMITED', MANDATE_MESSAGES.pitchLimit);
  let row: MandatePitchRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(mandatePitches)
        .values({ mandateId, listingId: listing.id, agentId: agent.id, message: body.message })
        .returning();
      await notify(tx, [
        {
          userId: mandate.producerId,
          kind: 'mandate_pitch',
          title: `A pitch for your mandate: ${listing.title}`,
          body: body.message.slice(0, 140),
          url: paths.mandate(mandateId),
        },
      ]);
      return inserted;
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw conflict(MANDATE_MESSAGES.alreadyPitched);
    throw error;
  }
  const [pitch] = await presentPitches(deps.db, [row], agent);
  return pitch;
}

/** GET /api/mandates/{id}/pitches: the pitches a mandate received, for its producer. */
export async function findMandatePitches(db: Executor, producer: UserRow, mandateId: number) {
  await requireOwnMandate(db, producer, mandateId);
  const rows = await db
    .select()
    .from(mandatePitches)
    .where(eq(mandatePitches.mandateId, mandateId))
    .orderBy(desc(mandatePitches.createdAt), desc(mandatePitches.id));
  return { pitches: await presentPitches(db, rows, producer) };
}

/** GET /api/mandates/pitches/sent: an agent's pitches and what became of them. */
export async function findSentPitches(db: Executor, agent: UserRow) {
  const rows = await db
    .select()
    .from(mandatePitches)
    .where(eq(mandatePitches.agentId, agent.id))
    .orderBy(desc(mandatePitches.createdAt), desc(mandatePitches.id))
    .limit(200);
  return { pitches: await presentPitches(db, rows, agent) };
}

async function requireOwnPitch(db: Executor, producer: UserRow, pitchId: number) {
  const [row] = await db.select().from(mandatePitches).where(eq(mandatePitches.id, pitchId));
  if (!row) throw notFound(MANDATE_MESSAGES.pitchNotFound);
  const mandate = await requireOwnMandate(db, producer, row.mandateId);
  if (row.status !== 'sent') throw conflict(MANDATE_MESSAGES.pitchAnswered);
  return { row, mandate };
}

/**
 * POST /api/mandates/pitches/{id}/answer: the producer answers; this is when an anonymous
 * producer becomes known to that agent. The pitch and the answer open a conversation in the
 * inbox (inbox room), where both carry on; the producer may make an offer on the listing.
 */
export async function answerPitch(
  deps: Pick<AppDeps, 'db'>,
  producer: UserRow,
  pitchId: number,
  message: string,
): Promise<Pitch> {
  const { row } = await requireOwnPitch(deps.db, producer, pitchId);
  const updated = await deps.db.transaction(async (tx) => {
    const threadId = await openPitchThread(tx, {
      listingId: row.listingId,
      producerId: producer.id,
      agentId: row.agentId,
      messages: [
        { authorId: row.agentId, body: `Pitch: ${row.message}` },
        { authorId: producer.id, body: message },
      ],
    });
    const [answered] = await tx
      .update(mandatePitches)
      .set({ status: 'answered', answer: message, answeredAt: new Date(), threadId })
      .where(and(eq(mandatePitches.id, pitchId), eq(mandatePitches.status, 'sent')))
      .returning();
    if (!answered) throw conflict(MANDATE_MESSAGES.pitchAnswered);
    await notify(tx, [
      {
        userId: row.agentId,
        kind: 'mandate_pitch_answered',
        title: `${nameOf(producer)} answered your pitch`,
        body: message.slice(0, 140),
        url: paths.inbox,
      },
    ]);
    return answered;
  });
  const [pitch] = await presentPitches(deps.db, [updated], producer);
  return pitch;
}

/** POST /api/mandates/pitches/{id}/decline: the producer passes; the agent is told, not who. */
export async function declinePitch(
  deps: Pick<AppDeps, 'db'>,
  producer: UserRow,
  pitchId: number,
): Promise<Pitch> {
  const { row } = await requireOwnPitch(deps.db, producer, pitchId);
  const [declined] = await deps.db
    .update(mandatePitches)
    .set({ status: 'declined', answeredAt: new Date() })
    .where(and(eq(mandatePitches.id, row.id), eq(mandatePitches.status, 'sent')))
    .returning();
  if (!declined) throw conflict(MANDATE_MESSAGES.pitchAnswered);
  await notify(deps.db, [
    {
      userId: row.agentId,
      kind: 'mandate_pitch_declined',
      title: 'A producer passed on your pitch',
      url: paths.mandateMatches,
    },
  ]);
  const [pitch] = await presentPitches(deps.db, [declined], producer);
  return pitch;
}

/** PUT /api/mandates/mutes/{agentId}: a producer stops (or resumes) pitches from an agent. */
export async function setPitchMute(
  db: Executor,
  producer: UserRow,
  agentId: number,
  muted: boolean,
): Promise<{ agentId: number; muted: boolean }> {
  if (producer.role !== 'producer') throw forbidden(MANDATE_MESSAGES.producersOnly);
  const [agent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.role, 'agent')));
  if (!agent) throw notFound('Agent not found');
  if (muted) {
    await db
      .insert(mandateMutes)
      .values({ producerId: producer.id, agentId })
      .onConflictDoNothing();
  } else {
    await db
      .delete(mandateMutes)
      .where(and(eq(mandateMutes.producerId, producer.id), eq(mandateMutes.agentId, agentId)));
  }
  return { agentId, muted };
}
