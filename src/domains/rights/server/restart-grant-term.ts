import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { rightsGrants, type RightsGrantRow } from './rights.tables';

/**
 * "Each sealed agreement starts an option" (issue 34): the grant made at acceptance ran from
 * the acceptance; once the agreement is sealed its term restarts from the seal (start = seal,
 * end = seal + option period). In the caller's transaction; only while the grant is still
 * optioned and has not been extended (an extension's end is never pulled back). Answers the
 * grant as it now stands, or null when it is no longer optioned.
 */
export async function restartGrantTerm(
  tx: Executor,
  grantId: number,
  term: { startsAt: Date; endsAt: Date },
): Promise<RightsGrantRow | null> {
  const [row] = await tx
    .update(rightsGrants)
    .set({ startsAt: term.startsAt, endsAt: term.endsAt, updatedAt: sql`now()` })
    .where(and(eq(rightsGrants.id, grantId), eq(rightsGrants.status, 'optioned')))
    .returning();
  return row ?? null;
}
