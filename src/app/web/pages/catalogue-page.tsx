import { Catalogue } from '@/domains/listings/web';
import { MeaningResults } from '@/domains/recommendations/web';
import { SaveSearchButton } from '@/domains/saved-searches/web';
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
        renderExtras={(context) => (
          <>
            <SaveSearchButton filterParams={context.filterParams} />
            <MeaningResults {...context} />
          </>
        )}
      />
    </PanelBoundary>
  );
}
