import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import {
  LOGGED_OUT_REDIRECT_MS,
  useCurrentUser,
  useLoggedOutRedirect,
} from '@/domains/accounts/web';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import type { ListingCard } from '../../listings.schema';
import { listingsKeys, loadedListings, useListings } from '../api/list-listings';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';
import { hasActiveFilters, trackedSearchFilters } from '../lib/catalogue-filters';
import { CatalogueFiltersPanel } from './catalogue-filters-panel';
import { CatalogueSearchBox } from './catalogue-search-box';

function resultCountText(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'listing' : 'listings'} found`;
}

/** A search or filter combination and how many listings it found (for analytics). */
export interface CatalogueSearch {
  searchQuery: string;
  filters: ReturnType<typeof trackedSearchFilters>;
  resultsCount: number;
}

interface CatalogueProps {
  /** Draws one listing of the results (the page adds the favourite heart and share menu). */
  renderListing: (listing: ListingCard) => ReactNode;
  /** Told of each search or filter combination once its results are in. */
  onSearched?: (search: CatalogueSearch) => void;
}

/**
 * The catalogue (/listings, spec part 1 section 2): title, search and filters, results with
 * Load More. Signed-in users only: others are told and sent to sign in.
 */
export function Catalogue({ renderListing, onSearched }: CatalogueProps) {
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const catalogue = useCatalogueFilters();
  const { filters } = catalogue;
  const listings = useListings(filters, { enabled: user !== null });

  const isLoggedOut =
    (!isUserLoading && user === null) ||
    (listings.error !== null && isUnauthorizedError(listings.error));
  useLoggedOutRedirect(isLoggedOut, {
    loginRequired: 'Please log in to view listing details',
    sessionEnded: { to: paths.login, delayMs: LOGGED_OUT_REDIRECT_MS },
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
    onSearched?.({
      searchQuery: filters.search ?? '',
      filters: tracked,
      resultsCount: firstPage.total,
    });
  }, [firstPage, listings.isPlaceholderData, filters, onSearched]);

  const loadMore = () => {
    if (!listings.isFetchingNextPage) void listings.fetchNextPage();
  };

  let results: ReactNode;
  if (user === null || listings.isPending) {
    results = <Spinner label="Loading listings" />;
  } else if (listings.isError && !listings.data) {
    results = (
      <LoadError title="Failed to fetch listings" onRetry={() => void listings.refetch()} />
    );
  } else if (items.length === 0) {
    results = (
      <EmptyState
        icon={SearchX}
        title={isFiltered ? 'No listings match your filters' : 'No listings found'}
      >
        {isFiltered ? (
          <Button variant="outline" onClick={catalogue.clearFilters}>
            Clear Filters
          </Button>
        ) : null}
      </EmptyState>
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
            <li key={listing.id}>{renderListing(listing)}</li>
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
