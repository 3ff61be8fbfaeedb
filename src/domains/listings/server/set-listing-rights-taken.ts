import { and, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { HIDDEN_STATUSES, RIGHTS, type Right } from '../listings.constants';
import { cellKeyOf, cellsOf } from '../rights-grid.rules';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

/**
 * The rights room's deals changed which cells of the listing are taken (issue 29): the listing
 * keeps their keys, and its status follows: 'optioned' once no cell it offers is free (or
 * 'sold' when every taken cell is sold), 'available' while any is. A withdrawn or draft listing
 * keeps its status. Written in the caller's transaction; answers what to run after the commit
 * (this instance's catalogue caches forget the listing; a concurrent read before the commit
 * could cache the old state again).
 */
export async function setListingRightsTaken(
  tx: Executor,
  listingId: number,
  taken: { keys: string[]; soldKeys: string[]; liveGrants: number; soldGrants: number },
): Promise<() => void> {
  const [listing] = await tx
    .select({ rightsAvailable: listings.rightsAvailable, territory: listings.territory })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) return () => undefined;
  const status = statusOf(listing, taken);
  await tx
    .update(listings)
    .set({ rightsTaken: [...new Set(taken.keys)].sort(), status, updatedAt: new Date() })
    .where(and(eq(listings.id, listingId), notInArray(listings.status, [...HIDDEN_STATUSES])));
  return () => invalidateCatalogueCaches([listingId]);
}

const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

function statusOf(
  listing: { rightsAvailable: string[]; territory: string[] },
  taken: { keys: string[]; soldKeys: string[]; liveGrants: number; soldGrants: number },
): 'available' | 'optioned' | 'sold' {
  const offered = cellsOf(listing.rightsAvailable.filter(isRight), listing.territory).map(
    cellKeyOf,
  );
  // A listing whose form names no cell is one thing: any live deal holds all of it.
  if (offered.length === 0) {
    if (taken.liveGrants === 0) return 'available';
    return taken.soldGrants === taken.liveGrants ? 'sold' : 'optioned';
  }
  const takenKeys = new Set(taken.keys);
  if (offered.some((key) => !takenKeys.has(key))) return 'available';
  const sold = new Set(taken.soldKeys);
  return offered.every((key) => sold.has(key)) ? 'sold' : 'optioned';
}
