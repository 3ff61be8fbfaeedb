import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { LIVE_GRANT_STATUSES, type RightsCell } from '../rights.constants';
import { rightsGrantCells, rightsGrants } from './rights.tables';

/** A cell a live deal holds, with the deal that holds it. */
export interface LiveCell extends RightsCell {
  grantId: number;
  offerId: number | null;
}

/**
 * What live deals (optioned or sold grants) hold of a listing: their cells, and how many such
 * deals there are (a listing whose form names no cell is one whole, taken by any live deal).
 * Read in the caller's transaction, under the listing's lock when the answer decides a deal.
 */
export async function findLiveCells(
  db: Executor,
  listingId: number,
): Promise<{ cells: LiveCell[]; liveGrants: number }> {
  const grants = await db
    .select({ id: rightsGrants.id })
    .from(rightsGrants)
    .where(
      and(
        eq(rightsGrants.listingId, listingId),
        inArray(rightsGrants.status, [...LIVE_GRANT_STATUSES]),
      ),
    );
  if (grants.length === 0) return { cells: [], liveGrants: 0 };
  const cells = await db
    .select({
      media: rightsGrantCells.media,
      territory: rightsGrantCells.territory,
      grantId: rightsGrantCells.grantId,
      offerId: rightsGrants.offerId,
    })
    .from(rightsGrantCells)
    .innerJoin(rightsGrants, eq(rightsGrants.id, rightsGrantCells.grantId))
    .where(and(eq(rightsGrantCells.listingId, listingId), eq(rightsGrantCells.live, true)));
  return { cells, liveGrants: grants.length };
}
