/**
 * The listings room's server front door: its module for app.ts and what other rooms and the
 * platform may call. Only this room writes `listings` (DESIGN.md: one writer per table).
 */
import type { RoomModule } from '@/server/room-module';
import { coverRoutes } from './covers.routes';
import { listingsRoutes } from './listings.routes';
import { catalogueIndexKeeperOf } from './maintain-catalogue-index';

export const listingsRoom: RoomModule = {
  name: 'listings',
  routes: listingsRoutes,
  // Generated cover art lives outside /api: the spec keeps /images/... URLs as public paths.
  publicRoutes: coverRoutes,
  // An instance answers searches by SQL until its index is built; at 1,000,000 listings that
  // is slow, so a balancer should wait for the index (decision 018).
  readiness: (app) => [
    {
      name: 'catalogueIndex',
      isReady: () => catalogueIndexKeeperOf(app.db)?.isBuilt() ?? false,
    },
  ],
};

// Rows → API shapes, for rooms that list listings of their own (favourites, agent tools).
export {
  listingCardColumns,
  listingDetailColumns,
  toListingCard,
  toListingDetail,
  type ListingCardRow,
  type ListingDetailRow,
} from './to-listing-response';
// Who may see a listing: the one rule every route and job that takes or shows a listing asks
// (issue 27; decision 008).
export {
  canSeeListing,
  isOnMarket,
  LISTING_NOT_FOUND,
  listingOnMarket,
  listingVisibleTo,
  requireVisibleListing,
  type ListingViewer,
  type VisibleListing,
} from './listing-visibility';
// The catalogue's word rule (decision 002), which the forum's search shares.
export { prefixTsQuery, searchWords } from './catalogue-query';
// The catalogue's filters as SQL, which search by meaning and saved searches honour (decision 015).
export { filterCondition, filtersKey, hasAnyFilter, toCatalogueFilters } from './catalogue-query';
export { findMatchingListingIds } from './find-matching-listing-ids';
export { whenCatalogueIndexesBuilt } from './maintain-catalogue-index';
// The demo seed's way into the listings table.
export {
  createListingBulkLoader,
  type BulkListing,
  type ListingBulkLoader,
} from './load-listings-in-bulk';
// Deals took or freed cells of the listing's rights grid (the rights room calls it inside its
// transaction); the status follows (issue 29).
export { setListingRightsTaken } from './set-listing-rights-taken';
export { shareImageOf } from './rasterise-cover';
// An agent's account closing: their listings leave the market, then go (decision 007).
export { withdrawAgentListings } from './withdraw-agent-listings';
export { deleteAgentListings } from './delete-agent-listings';
// What other rooms settle when an agent deletes a listing (offers: holds; chain of title: files).
export {
  onListingDeletion,
  type ListingDeletionDeps,
  type ListingDeletionStep,
} from './listing-deletion-steps';
export { removeListingImages, type DeletedListingImages } from './remove-listing-images';
// The admin console: an approved agent's drafts go public; a suspended agent's listings leave
// the market and come back on activation (decisions 008 and 009).
export { publishAgentDrafts } from './publish-agent-drafts';
export { hideAgentListings, restoreAgentListings, type HiddenListing } from './hide-agent-listings';
// The admin's bulk image upload: rows matched by title and author, images stored as WebP and
// set as the cover or appended to the gallery.
export { findListingsByTitleAndAuthor, type ListingMatch } from './find-listings-by-title-author';
export { setListingImage, type ListingImageKind } from './set-listing-image';
export {
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_SIZE_MESSAGE,
  LISTING_IMAGE_TYPE_MESSAGE,
  storeListingImage,
} from './store-listing-image';
// Enrichment (issue 17): what Google Books, YouTube and X found flows into the listing.
export {
  applyListingEnrichment,
  takeListingsQueuedForEnrichment,
  type ListingEnrichmentPatch,
} from './apply-listing-enrichment';
// The analysis engine's viability scores, for the catalogue's filter and sort (issue 15).
export { setViabilityScores } from './set-viability-scores';
