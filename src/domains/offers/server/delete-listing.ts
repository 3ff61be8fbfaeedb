import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  canSeeListing,
  deleteListing as deleteListingRow,
  lockListing,
  removeListingImages,
  withdrawListing,
} from '@/domains/listings/server';
import { findChainFileKeys, removeChainFiles } from '@/domains/chain-of-title/server';
import type { AppDeps } from '@/server/deps';
import {
  LISTING_SAVED_MESSAGES,
  type ListingDeletedResponse,
} from '@/domains/listings/listing-form.schema';
import { conflict, forbidden, notFound } from '@/shared/errors';
import { OPEN_OFFER_STATUSES } from '../offers.constants';
import { ACCEPTANCE_IN_FLIGHT, rejectForWithdrawnListing } from './close-account-offers';
import type { OfferDeps } from './offer-deps';
import { offers } from './offers.tables';

export const ONLY_OWN_LISTINGS_DELETE = 'You can only delete your own listings';
const LISTING_MISSING = 'Listing not found';

/**
 * DELETE /api/listings/{id} (the agent's own; admins any), by the deletion rules of decision
 * 007: the listing leaves the market at once; every open offer on it is rejected and its hold
 * released (ledgered) before anything goes; a listing with an accepted offer is kept,
 * withdrawn, as that offer's record; otherwise it is deleted, and its uploaded images and
 * chain-of-title files with it.
 * Refused while an acceptance runs.
 */
export async function deleteListing(
  deps: OfferDeps & Pick<AppDeps, 'storage'>,
  user: UserRow,
  listingId: number,
): Promise<ListingDeletedResponse> {
  const { hasAcceptedOffer, afterCommit } = await deps.db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    // A listing off the market is missing to anyone who may not see it (issue 27).
    if (!listing || !canSeeListing(user, listing)) throw notFound(LISTING_MISSING);
    if (user.role !== 'admin' && (user.role !== 'agent' || listing.agentId !== user.id)) {
      throw forbidden(ONLY_OWN_LISTINGS_DELETE);
    }
    const states = await tx
      .select({ status: offers.status })
      .from(offers)
      .where(
        and(eq(offers.listingId, listingId), inArray(offers.status, ['accepting', 'accepted'])),
      );
    if (states.some((offer) => offer.status === 'accepting')) throw conflict(ACCEPTANCE_IN_FLIGHT);
    const withdrawn = await withdrawListing(tx, listingId);
    return { hasAcceptedOffer: states.length > 0, afterCommit: withdrawn.afterCommit };
  });
  afterCommit();

  const open = await deps.db
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, [...OPEN_OFFER_STATUSES])));
  let releasedHolds = 0;
  for (const offer of open) {
    if (await rejectForWithdrawnListing(deps, offer)) releasedHolds += 1;
  }

  if (hasAcceptedOffer) {
    return { message: LISTING_SAVED_MESSAGES.deleted, outcome: 'withdrawn', releasedHolds };
  }
  const chainFiles = await findChainFileKeys(deps.db, [listingId]);
  await removeListingImages(deps, await deleteListingRow(deps.db, listingId));
  await removeChainFiles(deps, chainFiles);
  return { message: LISTING_SAVED_MESSAGES.deleted, outcome: 'deleted', releasedHolds };
}
