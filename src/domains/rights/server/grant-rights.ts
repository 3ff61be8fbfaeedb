import type { Executor } from '@/server/db/client';
import { cellKeyOf, type RightsCell } from '../rights.constants';
import { refreshListingRights } from './refresh-listing-rights';
import { rightsGrantCells, rightsGrants } from './rights.tables';

export interface GrantRequest {
  listingId: number;
  offerId: number;
  producerId: number | null;
  cells: RightsCell[];
  startsAt: Date;
  endsAt: Date;
}

/**
 * An accepted deal takes its cells for the option period, in the acceptance's transaction.
 * The caller has checked under the listing's lock that none is taken; the unique index on
 * live cells refuses an overlap regardless. Answers what to run after the commit.
 */
export async function grantRights(tx: Executor, request: GrantRequest): Promise<() => void> {
  const [grant] = await tx
    .insert(rightsGrants)
    .values({
      listingId: request.listingId,
      offerId: request.offerId,
      producerId: request.producerId,
      startsAt: request.startsAt,
      endsAt: request.endsAt,
    })
    .returning({ id: rightsGrants.id });
  const unique = new Map(request.cells.map((cell) => [cellKeyOf(cell), cell]));
  if (unique.size > 0) {
    await tx.insert(rightsGrantCells).values(
      [...unique.values()].map((cell) => ({
        grantId: grant.id,
        listingId: request.listingId,
        media: cell.media,
        territory: cell.territory,
        territoryKey: cell.territory.trim().toLowerCase(),
      })),
    );
  }
  return refreshListingRights(tx, request.listingId);
}
