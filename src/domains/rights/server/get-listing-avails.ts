import { eq } from 'drizzle-orm';
import {
  LISTING_NOT_FOUND,
  requireVisibleListing,
  type ListingViewer,
} from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import type { ListingAvails } from '../rights.schema';
import { buildAvails } from './build-avails';
import { loadAvailsFacts } from './load-avails-facts';

/** The columns of `listings` the grid reads. */
export const availsListingColumns = {
  id: listings.id,
  title: listings.title,
  agentId: listings.agentId,
  status: listings.status,
  rightsAvailable: listings.rightsAvailable,
  territory: listings.territory,
  rightsTaken: listings.rightsTaken,
};

/**
 * A listing's avails grid (`GET /api/listings/{id}/avails`), for anyone who may see the
 * listing (the listing page's rule; a listing they may not see is not found). Who holds each
 * cell is shown to the listing's agent and admins only: a producer sees that Film in the UK
 * is optioned until a date, not by whom.
 */
export async function getListingAvails(
  db: Executor,
  viewer: NonNullable<ListingViewer>,
  listingId: number,
): Promise<ListingAvails> {
  await requireVisibleListing(db, viewer, listingId);
  const [listing] = await db
    .select(availsListingColumns)
    .from(listings)
    .where(eq(listings.id, listingId));
  // Deleted between the two reads: as missing as it now is.
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  const facts = await loadAvailsFacts(db, [listing.id]);
  const showHolder = viewer.role === 'admin' || viewer.id === listing.agentId;
  return buildAvails(
    listing,
    {
      liveCells: facts.liveCells.get(listing.id) ?? [],
      openOffers: facts.openOffers.get(listing.id) ?? [],
    },
    showHolder,
  );
}
