/**
 * Front door of the listings room's browser code: the catalogue, listing and featured panels
 * that composed pages (src/app/web/pages, the home page among them) put together with other
 * rooms' panels. Listings knows nothing of favourites, tracking or offers: they come in
 * through the panels' slots.
 */
export { useFeaturedListings } from './api/get-featured-listings';
export { useListing } from './api/get-listing';
export { usePublicStats } from './api/get-public-stats';
export { Catalogue } from './components/catalogue';
export {
  FeaturedListingCard,
  FeaturedListingCardSkeleton,
} from './components/featured-listing-card';
export { ListingCard, type ListingLayout } from './components/listing-card';
export { ListingLoadError, ListingNotFound } from './components/listing-detail-states';
export { ListingDetailView } from './components/listing-detail-view';
export { ShareMenu } from './components/share-menu';
export { ListingFormDialog } from './listing-form/listing-form-dialog';
export { useMetaDescription } from './hooks/use-meta-description';
export { listingLoadFailure } from './lib/listing-load-failure';
