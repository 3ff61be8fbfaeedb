import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { rightsGrantCells, rightsGrants, type RightsGrantRow } from './rights.tables';

/** The grant an accepted offer made, or null (an offer accepted before issue 29 has one too). */
export async function findGrantByOffer(
  db: Executor,
  offerId: number,
): Promise<RightsGrantRow | null> {
  const [row] = await db.select().from(rightsGrants).where(eq(rightsGrants.offerId, offerId));
  return row ?? null;
}

/** An extension (issue 34): the optioned grant now ends at `endsAt`. Null if not optioned. */
export async function extendGrant(
  tx: Executor,
  grantId: number,
  endsAt: Date,
): Promise<RightsGrantRow | null> {
  const [row] = await tx
    .update(rightsGrants)
    .set({ endsAt, updatedAt: sql`now()` })
    .where(and(eq(rightsGrants.id, grantId), eq(rightsGrants.status, 'optioned')))
    .returning();
  return row ?? null;
}

/** An exercise paid (issue 34): the grant's cells are sold for good. Null if not optioned. */
export async function markGrantSold(
  tx: Executor,
  grantId: number,
  at: Date,
): Promise<RightsGrantRow | null> {
  const [row] = await tx
    .update(rightsGrants)
    .set({ status: 'sold', soldAt: at, updatedAt: sql`now()` })
    .where(and(eq(rightsGrants.id, grantId), eq(rightsGrants.status, 'optioned')))
    .returning();
  return row ?? null;
}

/** The cells a grant holds (live or not), in grid order. */
export async function findGrantCells(db: Executor, grantId: number) {
  return db
    .select()
    .from(rightsGrantCells)
    .where(eq(rightsGrantCells.grantId, grantId))
    .orderBy(rightsGrantCells.media, rightsGrantCells.territoryKey);
}
