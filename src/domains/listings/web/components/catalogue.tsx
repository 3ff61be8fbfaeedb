import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LayoutGrid, List, SearchX, SlidersHorizontal } from 'lucide-react';
import {
  LOGGED_OUT_REDIRECT_MS,
  useCurrentUser,
  useLoggedOutRedirect,
} from '@/domains/accounts/web';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Select } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import {
  CATALOGUE_SORT_LABELS,
  CATALOGUE_SORTS,
  type CatalogueSort,
} from '../../listings.constants';
import type { ListingCard, ListListingsResponse } from '../../listings.schema';
import { listingsKeys, loadedListings, useListings } from '../api/list-listings';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';
import {
  activeFilterCount,
  catalogueFiltersToParams,
  hasActiveFilters,
  trackedSearchFilters,
  type CatalogueFilters,
} from '../lib/catalogue-filters';
import { CatalogueFiltersPanel } from './catalogue-filters-panel';
import { CatalogueSearchBox } from './catalogue-search-box';
import type { ListingLayout } from './listing-card';

const LAYOUT_STORAGE_KEY = 'pts-catalogue-layout';

/** Grid or list, remembered on this device. */
function useListingLayout() {
  const [layout, setLayout] = useState<ListingLayout>(() =>
    typeof localStorage !== 'undefined' && localStorage.getItem(LAYOUT_STORAGE_KEY) === 'list'
      ? 'list'
      : 'grid',
  );
  const choose = (next: ListingLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(LAYOUT_STORAGE_KEY, next);
    } catch {
      // Storage may be full or blocked: the choice still holds for this visit.
    }
  };
  return [layout, choose] as const;
}

function LayoutToggle({
  layout,
  onChange,
}: {
  layout: ListingLayout;
  onChange: (layout: ListingLayout) => void;
}) {
  const option = (value: ListingLayout, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={layout === value}
      aria-label={label}
      title={label}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-md text-ink-muted',
        layout === value ? 'bg-surface text-ink shadow-sm' : 'hover:text-ink',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
  );
  return (
    <div role="group" aria-label="Layout" className="flex rounded-lg bg-surface-sunken p-0.5">
      {option('grid', 'Grid view', LayoutGrid)}
      {option('list', 'List view', List)}
    </div>
  );
}

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
  renderListing: (listing: ListingCard, layout: ListingLayout) => ReactNode;
  /** Told of each search or filter combination once its results are in. */
  onSearched?: (search: CatalogueSearch) => void;
  /**
   * Drawn in the results' toolbar with the current filters (as the API's query parameters):
   * the page puts search by meaning and 'Save this search' here (decision 015). A panel that
   * needs the width takes `order-last basis-full` and wraps below the toolbar.
   */
  renderExtras?: (context: {
    filterParams: URLSearchParams;
    layout: ListingLayout;
    renderListing: (listing: ListingCard, layout: ListingLayout) => ReactNode;
  }) => ReactNode;
}

/**
 * The catalogue (/listings, spec part 1 section 2): title, search and filters, results with
 * Load More. Signed-in users only: others are told and sent to sign in.
 */
export function Catalogue({ renderListing, onSearched, renderExtras }: CatalogueProps) {
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
  const filterCount = activeFilterCount(filters);
  const [layout, setLayout] = useListingLayout();
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const sortId = useId();
  const filtersId = useId();
  const sort: CatalogueSort = filters.sort ?? (filters.search ? 'relevance' : 'newest');

  useTrackSearch(filters, firstPage, listings.isPlaceholderData, onSearched);

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
      <ResultsList
        items={items}
        total={total}
        layout={layout}
        listings={listings}
        renderListing={renderListing}
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-semibold text-ink">Browse IP Catalogue</h1>
        <p className="text-ink-muted">
          Discover books, scripts and more with adaptation rights available for film and TV.
        </p>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <section aria-label="Search and filters" className="mb-4 space-y-3 lg:mb-0">
          <CatalogueSearchBox
            value={catalogue.searchText}
            onChange={catalogue.typeSearch}
            onSubmit={catalogue.submitSearch}
            onFocus={catalogue.startTyping}
          />
          {/* On a phone the menus fold away behind one button that counts what is set. */}
          <Button
            variant="outline"
            className="w-full lg:hidden"
            aria-expanded={areFiltersOpen}
            aria-controls={filtersId}
            onClick={() => setAreFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
          </Button>
          <div id={filtersId} className={cn(areFiltersOpen ? 'block' : 'hidden', 'lg:block')}>
            <CatalogueFiltersPanel
              filters={filters}
              facets={firstPage?.facets}
              onChange={catalogue.changeFilters}
              onClear={catalogue.clearFilters}
            />
          </div>
        </section>
        <section aria-label="Results" aria-busy={listings.isFetching} className="space-y-3">
          {/* The cards' titles are h3s: this keeps the outline h1 → h2 → h3 (axe heading-order). */}
          <h2 className="sr-only">Results</h2>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm font-medium text-ink-soft">
              {firstPage ? resultCountText(total) : ''}
            </p>
            {/* In the toolbar's own row (display: contents), so the first rows of cards stay
                above the fold; an extra that opens a panel gives it a row of its own. */}
            <div className="contents">
              {renderExtras?.({
                filterParams: catalogueFiltersToParams(filters),
                layout,
                renderListing,
              })}
            </div>
            <div className="ml-auto flex items-center gap-2">
              <label htmlFor={sortId} className="text-sm whitespace-nowrap text-ink-muted">
                Sort by
              </label>
              <Select
                id={sortId}
                value={sort}
                className="h-9 w-auto py-1"
                onChange={(event) => {
                  const next = event.target.value as CatalogueSort;
                  catalogue.changeFilters((current) => ({ ...current, sort: next }));
                }}
              >
                {CATALOGUE_SORTS.filter((value) => value !== 'relevance' || filters.search).map(
                  (value) => (
                    <option key={value} value={value}>
                      {CATALOGUE_SORT_LABELS[value]}
                    </option>
                  ),
                )}
              </Select>
              <LayoutToggle layout={layout} onChange={setLayout} />
            </div>
          </div>
          {results}
        </section>
      </div>
    </div>
  );
}

/** Records each search or filter combination once its results are in (failures ignored). */
function useTrackSearch(
  filters: CatalogueFilters,
  firstPage: ListListingsResponse | undefined,
  isPlaceholderData: boolean,
  onSearched: CatalogueProps['onSearched'],
) {
  const trackedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!firstPage || isPlaceholderData) return;
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
  }, [firstPage, isPlaceholderData, filters, onSearched]);
}

/** The loaded cards, how many of the total they are, and Load More. */
function ResultsList({
  items,
  total,
  layout,
  listings,
  renderListing,
}: {
  items: ListingCard[];
  total: number;
  layout: ListingLayout;
  listings: ReturnType<typeof useListings>;
  renderListing: CatalogueProps['renderListing'];
}) {
  const loadMore = () => {
    if (!listings.isFetchingNextPage) void listings.fetchNextPage();
  };
  return (
    <>
      <ul
        className={cn(
          'grid grid-cols-1 gap-4',
          layout === 'grid' && 'sm:grid-cols-2 2xl:grid-cols-3',
          listings.isPlaceholderData && 'opacity-60 transition-opacity',
        )}
      >
        {items.map((listing) => (
          <li key={listing.id}>{renderListing(listing, layout)}</li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-2">
        <p className="text-sm text-ink-muted">
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
