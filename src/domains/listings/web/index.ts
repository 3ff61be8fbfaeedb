/**
 * Front door of the listings room's browser code: the catalogue and listing panels that
 * composed pages (src/web/pages) put together with other rooms' panels, and the room's own
 * home page. Listings knows nothing of favourites, tracking or offers: they come in
 * through the panels' slots.
 */
export { useListing } from './api/get-listing';
export { Catalogue } from './components/catalogue';
export { ListingCard, type ListingLayout } from './components/listing-card';
export { ListingLoadError, ListingNotFound } from './components/listing-detail-states';
export { ListingDetailView } from './components/listing-detail-view';
export { ShareMenu } from './components/share-menu';
export { ListingFormDialog } from './listing-form/listing-form-dialog';
export { useMetaDescription } from './hooks/use-meta-description';
export { listingLoadFailure } from './lib/listing-load-failure';

/** The room's own pages, each loaded on demand by the router (src/web/router.tsx). */
export const listingsPages = {
  home: () => import('./pages/home-page'),
};
