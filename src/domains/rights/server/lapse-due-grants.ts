import { and, eq, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { refreshListingRights } from './refresh-listing-rights';
import { rightsGrantCells, rightsGrants } from './rights.tables';

/**
 * Reversion (issue 29): every optioned grant whose end has passed by `now` lapses, its cells
 * return to available and its listing's status follows. Each grant in its own transaction,
 * claimed by its status, so two instances never lapse one twice. Answers the lapsed grants.
 */
export async function lapseDueGrants(deps: Pick<AppDeps, 'db'>, now: Date): Promise<number[]> {
  const due = await deps.db
    .select({ id: rightsGrants.id })
    .from(rightsGrants)
    .where(and(eq(rightsGrants.status, 'optioned'), lte(rightsGrants.endsAt, now)))
    .limit(200);
  const lapsed: number[] = [];
  for (const { id } of due) {
    const afterCommit = await deps.db.transaction(async (tx) => {
      const [grant] = await tx
        .update(rightsGrants)
        .set({ status: 'lapsed', lapsedAt: now, updatedAt: now })
        .where(and(eq(rightsGrants.id, id), eq(rightsGrants.status, 'optioned')))
        .returning();
      if (!grant) return null;
      await tx
        .update(rightsGrantCells)
        .set({ live: false })
        .where(inArray(rightsGrantCells.grantId, [grant.id]));
      return refreshListingRights(tx, grant.listingId);
    });
    if (afterCommit) {
      afterCommit();
      lapsed.push(id);
    }
  }
  return lapsed;
}
