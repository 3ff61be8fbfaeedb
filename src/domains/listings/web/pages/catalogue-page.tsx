import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web/api/get-current-user';
import { useTrackSearch } from '@/domains/tracking/web/api/track-search';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { listingsKeys, loadedListings, useListings } from '../api/list-listings';
import { CatalogueFiltersPanel } from '../components/catalogue-filters-panel';
import { CatalogueSearchBox } from '../components/catalogue-search-box';
import { ListingCardWithActions } from '../components/listing-card-with-actions';
import { useLoggedOutRedirect } from '../hooks/use-logged-out-redirect';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';
import { hasActiveFilters, trackedSearchFilters } from '../lib/catalogue-filters';

/** The spec's logged-out redirect delay. */
const LOGGED_OUT_REDIRECT_MS = 500;

function resultCountText(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'listing' : 'listings'} found`;
}

export default function CataloguePage() {
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const catalogue = useCatalogueFilters();
  const { filters } = catalogue;
  const trackSearch = useTrackSearch();
  const listings = useListings(filters, { enabled: user !== null });

  const isLoggedOut =
    (!isUserLoading && user === null) ||
    (listings.error !== null && isUnauthorizedError(listings.error));
  useLoggedOutRedirect(isLoggedOut, {
    toast: { title: 'Unauthorised', description: 'You are logged out. Logging in again...' },
    to: paths.login,
    delayMs: LOGGED_OUT_REDIRECT_MS,
  });
  usePageTitle('Browse IP Catalogue');

  const items = useMemo(() => loadedListings(listings.data), [listings.data]);
  const firstPage = listings.data?.pages[0];
  const total = firstPage?.total ?? 0;
  const isFiltered = hasActiveFilters(filters);

  // Record each search or filter combination once its results are in (failures ignored).
  const trackedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!firstPage || listings.isPlaceholderData) return;
    const key = listingsKeys.list(filters).join('|');
    if (trackedKey.current === key) return;
    trackedKey.current = key;
    const tracked = trackedSearchFilters(filters);
    if (!filters.search && Object.keys(tracked).length === 0) return;
    trackSearch({
      searchQuery: filters.search ?? '',
      filters: tracked,
      resultsCount: firstPage.total,
    });
  }, [firstPage, listings.isPlaceholderData, filters, trackSearch]);

  const loadMore = () => {
    if (!listings.isFetchingNextPage) void listings.fetchNextPage();
  };

  let results: ReactNode;
  if (user === null || listings.isPending) {
    results = <Spinner label="Loading listings" />;
  } else if (listings.isError && !listings.data) {
    results = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to fetch listings</p>
        <Button variant="outline" className="mt-4" onClick={() => void listings.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    results = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
        <SearchX aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <p className="text-lg font-medium text-slate-900">
          {isFiltered ? 'No listings match your filters' : 'No listings found'}
        </p>
        {isFiltered ? (
          <Button variant="outline" onClick={catalogue.clearFilters}>
            Clear Filters
          </Button>
        ) : null}
      </div>
    );
  } else {
    results = (
      <>
        <ul
          className={cn(
            'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
            listings.isPlaceholderData && 'opacity-60 transition-opacity',
          )}
        >
          {items.map((listing) => (
            <li key={listing.id}>
              <ListingCardWithActions listing={listing} isSignedIn />
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {items.length.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')}
          </p>
          {listings.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              Failed to fetch listings
            </p>
          ) : null}
          {listings.hasNextPage ? (
            <Button
              variant="outline"
              onClick={loadMore}
              aria-busy={listings.isFetchingNextPage}
              className="min-w-40"
            >
              {listings.isFetchingNextPage ? 'Loading...' : 'Load More'}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold text-slate-900">Browse IP Catalogue</h1>
        <p className="text-slate-600">
          Discover books, scripts and more with adaptation rights available for film and TV.
        </p>
      </header>
      <CatalogueFiltersPanel
        filters={filters}
        facets={firstPage?.facets}
        onChange={catalogue.changeFilters}
        onClear={catalogue.clearFilters}
        searchBox={
          <CatalogueSearchBox
            value={catalogue.searchText}
            onChange={catalogue.typeSearch}
            onSubmit={catalogue.submitSearch}
            onFocus={catalogue.startTyping}
          />
        }
      />
      <section aria-label="Results" aria-busy={listings.isFetching} className="space-y-4">
        <p role="status" className="text-sm font-medium text-slate-700">
          {firstPage ? resultCountText(total) : ''}
        </p>
        {results}
      </section>
    </div>
  );
}
