import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { forbidden, notFound } from '@/shared/errors';
import { LISTING_SAVED_MESSAGES, type ListingDeletedResponse } from '../listing-form.schema';
import { listingDeletionSteps, type ListingDeletionDeps } from './listing-deletion-steps';
import { canSeeListing } from './listing-visibility';
import { removeListingImages } from './remove-listing-images';
import { deleteListingRow, lockListing, withdrawListing } from './remove-listing';

export const ONLY_OWN_LISTINGS_DELETE = 'You can only delete your own listings';
const LISTING_MISSING = 'Listing not found';

/**
 * DELETE /api/listings/{id} (the agent's own; admins any), by the deletion rules of decision
 * 007: the listing leaves the market at once; every open offer on it is rejected and its hold
 * released (ledgered) before anything goes; a listing with an accepted offer is kept,
 * withdrawn, as that offer's record; otherwise it is deleted, and its uploaded images and
 * chain-of-title files with it. Refused while an acceptance runs. The offers and
 * chain-of-title parts are those rooms' registered steps (listing-deletion-steps.ts).
 */
export async function deleteListing(
  deps: ListingDeletionDeps,
  user: UserRow,
  listingId: number,
): Promise<ListingDeletedResponse> {
  const steps = listingDeletionSteps();
  const { keepsListing, afterCommit } = await deps.db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    // A listing off the market is missing to anyone who may not see it (issue 27).
    if (!listing || !canSeeListing(user, listing)) throw notFound(LISTING_MISSING);
    if (user.role !== 'admin' && (user.role !== 'agent' || listing.agentId !== user.id)) {
      throw forbidden(ONLY_OWN_LISTINGS_DELETE);
    }
    let keeps = false;
    for (const step of steps) {
      if (step.keepsListing && (await step.keepsListing(tx, listingId))) keeps = true;
    }
    const withdrawn = await withdrawListing(tx, listingId);
    return { keepsListing: keeps, afterCommit: withdrawn.afterCommit };
  });
  afterCommit();

  let releasedHolds = 0;
  for (const step of steps) {
    if (step.settle) releasedHolds += await step.settle(deps, listingId);
  }

  if (keepsListing) {
    return { message: LISTING_SAVED_MESSAGES.deleted, outcome: 'withdrawn', releasedHolds };
  }
  const cleanUps: Array<() => Promise<void>> = [];
  for (const step of steps) {
    if (step.beforeDelete) cleanUps.push(await step.beforeDelete(deps, listingId));
  }
  await removeListingImages(deps, await deleteListingRow(deps.db, listingId));
  for (const cleanUp of cleanUps) await cleanUp();
  return { message: LISTING_SAVED_MESSAGES.deleted, outcome: 'deleted', releasedHolds };
}
