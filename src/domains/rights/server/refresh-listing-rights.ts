import { and, eq, inArray } from 'drizzle-orm';
import { setListingRightsTaken } from '@/domains/listings/server';
import type { Executor } from '@/server/db/client';
import { cellKeyOf, LIVE_GRANT_STATUSES } from '../rights.constants';
import { rightsGrantCells, rightsGrants } from './rights.tables';

/**
 * After a grant was made, extended, sold or lapsed (in the caller's transaction): the listing
 * learns which of its cells are taken and which sold, and its status follows. Answers what to
 * run after the commit (the catalogue forgets the listing's old state).
 */
export async function refreshListingRights(tx: Executor, listingId: number): Promise<() => void> {
  const grants = await tx
    .select({ status: rightsGrants.status })
    .from(rightsGrants)
    .where(
      and(
        eq(rightsGrants.listingId, listingId),
        inArray(rightsGrants.status, [...LIVE_GRANT_STATUSES]),
      ),
    );
  const live = await tx
    .select({
      media: rightsGrantCells.media,
      territory: rightsGrantCells.territory,
      status: rightsGrants.status,
    })
    .from(rightsGrantCells)
    .innerJoin(rightsGrants, eq(rightsGrants.id, rightsGrantCells.grantId))
    .where(and(eq(rightsGrantCells.listingId, listingId), eq(rightsGrantCells.live, true)));
  return setListingRightsTaken(tx, listingId, {
    keys: live.map(cellKeyOf),
    soldKeys: live.filter((cell) => cell.status === 'sold').map(cellKeyOf),
    liveGrants: grants.length,
    soldGrants: grants.filter((grant) => grant.status === 'sold').length,
  });
}
