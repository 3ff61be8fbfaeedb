import { and, eq, inArray } from 'drizzle-orm';
import type { ListingDeletionStep } from '@/domains/listings/server';
import type { Executor } from '@/server/db/client';
import { conflict } from '@/shared/errors';
import { OPEN_OFFER_STATUSES } from '../offers.constants';
import { ACCEPTANCE_IN_FLIGHT, rejectForWithdrawnListing } from './close-account-offers';
import { offers } from './offers.tables';

/**
 * Inside the deletion's transaction: refused (409) while an acceptance on the listing runs;
 * a listing with an accepted offer is kept, withdrawn, as that offer's record.
 */
async function keepsListing(tx: Executor, listingId: number): Promise<boolean> {
  const states = await tx
    .select({ status: offers.status })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, ['accepting', 'accepted'])));
  if (states.some((offer) => offer.status === 'accepting')) throw conflict(ACCEPTANCE_IN_FLIGHT);
  return states.length > 0;
}

/** Once the listing is off the market: every open offer on it rejected, its hold released. */
async function settle(
  deps: Parameters<NonNullable<ListingDeletionStep['settle']>>[0],
  listingId: number,
): Promise<number> {
  const open = await deps.db
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, [...OPEN_OFFER_STATUSES])));
  let releasedHolds = 0;
  for (const offer of open) {
    if (await rejectForWithdrawnListing(deps, offer)) releasedHolds += 1;
  }
  return releasedHolds;
}

/** The offers room's part when an agent deletes a listing (registered by its front door). */
export const settleDeletedListing: ListingDeletionStep = { keepsListing, settle };
