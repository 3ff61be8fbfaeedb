import { Catalogue } from '@/domains/listings/web';
import { useTrackSearch } from '@/domains/tracking/web';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { ListingCardWithActions } from './components/listing-actions';

/** /listings: the catalogue (listings), its cards with hearts (favourites), searches recorded (tracking). */
export default function CataloguePage() {
  const trackSearch = useTrackSearch();
  return (
    <PanelBoundary title="Browse IP Catalogue">
      <Catalogue
        renderListing={(listing, layout) => (
          <ListingCardWithActions listing={listing} layout={layout} />
        )}
        onSearched={trackSearch}
      />
    </PanelBoundary>
  );
}
