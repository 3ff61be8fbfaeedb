import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { UserRow } from '@/domains/accounts/server';
import { findVerifiedProducers } from '@/domains/vetting/server';
import type { Executor } from '@/server/db/client';
import type { Mandate } from '../mandates.schema';
import { mandatePitches, type MandateRow } from './mandates.tables';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/**
 * The mandates whose producer this viewer may know: their own, named ones, and anonymous ones
 * whose producer answered one of the viewer's pitches. Everyone else (admins included) reads
 * only the anonymous description: no name, no id, no verified badge (issue 35's privacy rule).
 */
export async function revealedMandateIds(
  db: Executor,
  rows: MandateRow[],
  viewer: Viewer,
): Promise<Set<number>> {
  const revealed = new Set(
    rows.filter((row) => !row.anonymous || row.producerId === viewer.id).map((row) => row.id),
  );
  const hidden = rows.filter((row) => !revealed.has(row.id)).map((row) => row.id);
  if (hidden.length > 0 && viewer.role === 'agent') {
    const answered = await db
      .selectDistinct({ mandateId: mandatePitches.mandateId })
      .from(mandatePitches)
      .where(
        and(
          inArray(mandatePitches.mandateId, hidden),
          eq(mandatePitches.agentId, viewer.id),
          eq(mandatePitches.status, 'answered'),
        ),
      );
    for (const row of answered) revealed.add(row.mandateId);
  }
  return revealed;
}

export const nameOf = (user: {
  firstName: string;
  lastName: string;
  companyName: string | null;
}): string =>
  `${user.firstName} ${user.lastName}`.trim() + (user.companyName ? `, ${user.companyName}` : '');

/** Rows as the viewer may read them (see revealedMandateIds). */
export async function presentMandates(
  db: Executor,
  rows: MandateRow[],
  viewer: Viewer,
): Promise<Mandate[]> {
  if (rows.length === 0) return [];
  const revealed = await revealedMandateIds(db, rows, viewer);
  const producerIds = [
    ...new Set(rows.filter((row) => revealed.has(row.id)).map((row) => row.producerId)),
  ];
  const people =
    producerIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            companyName: users.companyName,
          })
          .from(users)
          .where(inArray(users.id, producerIds));
  const names = new Map(people.map((person) => [person.id, nameOf(person)]));
  const verified = await findVerifiedProducers(db, producerIds);
  const today = new Date().toISOString().slice(0, 10);
  return rows.map((row) => {
    const known = revealed.has(row.id);
    return {
      id: row.id,
      media: row.media,
      genres: row.genres,
      budgetMin: row.budgetMin,
      budgetMax: row.budgetMax,
      rights: row.rights,
      territories: row.territories,
      description: row.description,
      anonymous: row.anonymous,
      postedBy: known
        ? (names.get(row.producerId) ?? 'A producer')
        : (row.anonymousLabel ?? 'A producer'),
      producerId: known ? row.producerId : null,
      producerVerified: known && verified.has(row.producerId),
      isMine: row.producerId === viewer.id,
      status: row.status === 'open' && row.openUntil >= today ? 'open' : 'closed',
      openUntil: row.openUntil,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
