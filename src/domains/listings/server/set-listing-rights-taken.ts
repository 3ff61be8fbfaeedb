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
 * keeps its status (its taken cells are still recorded). Written in the caller's transaction; answers what to run after the commit
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
  const rightsTaken = [...new Set(taken.keys)].sort();
  // The taken cells are recorded whatever the status: a withdrawn listing whose option lapses
  // comes back with the truth. Only a listing on the market takes the status they imply.
  await tx
    .update(listings)
    .set({ rightsTaken, updatedAt: new Date() })
    .where(eq(listings.id, listingId));
  await tx
    .update(listings)
    .set({ status: statusOf(listing, taken) })
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

/**
 * The status after the agent edits the rights or territories of a listing on the market: a
 * medium or territory added to an optioned listing makes it available again; one removed may
 * leave nothing free (issue 29). A sold listing, or one whose form names no cell, keeps its
 * status (deals alone decide those).
 */
export function statusAfterRightsEdit(
  current: { status: string; rightsTaken: string[] },
  edited: { rightsAvailable: string[]; territory: string[] },
): string {
  if (current.status !== 'available' && current.status !== 'optioned') return current.status;
  const offered = cellsOf(edited.rightsAvailable.filter(isRight), edited.territory).map(cellKeyOf);
  if (offered.length === 0) return current.status;
  const taken = new Set(current.rightsTaken);
  return offered.some((key) => !taken.has(key)) ? 'available' : 'optioned';
}
