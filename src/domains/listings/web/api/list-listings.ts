import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { CATALOGUE_LOAD_MORE, CATALOGUE_PAGE_SIZE } from '../../listings.constants';
import type { ListingCard, ListListingsResponse } from '../../listings.schema';
import { catalogueFiltersToParams, type CatalogueFilters } from '../lib/catalogue-filters';

export const listingsKeys = {
  all: ['listings'] as const,
  lists: () => [...listingsKeys.all, 'list'] as const,
  list: (filters: CatalogueFilters) =>
    [...listingsKeys.lists(), catalogueFiltersToParams(filters).toString()] as const,
};

interface PageParam {
  offset: number;
  limit: number;
}

/** GET /api/listings: one page of the filtered catalogue, with its total and facets. */
export function listListings(
  filters: CatalogueFilters,
  page: PageParam,
  signal?: AbortSignal,
): Promise<ListListingsResponse> {
  const params = catalogueFiltersToParams(filters);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return apiRequest<ListListingsResponse>(`/api/listings?${params.toString()}`, { signal });
}

/** The spec's paging: the first 24, then 12 more per 'Load More'. */
export const listingsQueryOptions = (filters: CatalogueFilters) =>
  infiniteQueryOptions({
    queryKey: listingsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listListings(filters, pageParam, signal),
    initialPageParam: { offset: 0, limit: CATALOGUE_PAGE_SIZE } as PageParam,
    getNextPageParam: (lastPage, _pages, lastPageParam): PageParam | undefined => {
      const loaded = lastPageParam.offset + lastPage.items.length;
      if (lastPage.items.length === 0 || loaded >= lastPage.total) return undefined;
      return { offset: loaded, limit: CATALOGUE_LOAD_MORE };
    },
  });

export function useListings(filters: CatalogueFilters, options: { enabled: boolean }) {
  return useInfiniteQuery({
    ...listingsQueryOptions(filters),
    enabled: options.enabled,
    // Keep showing the current cards while a new filter's results load.
    placeholderData: keepPreviousData,
  });
}

/**
 * The spec resets the catalogue to its first 24 on any filter change: a filter set seen
 * before keeps only its first page in the cache, so it does not come back with extra pages.
 */
export function resetListingsToFirstPage(queryClient: QueryClient, filters: CatalogueFilters) {
  queryClient.setQueryData<InfiniteData<ListListingsResponse, PageParam>>(
    listingsKeys.list(filters),
    (data) =>
      data && data.pages.length > 1
        ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
        : data,
  );
}

/** All loaded cards in order, without repeats (a listing added between pages shifts them). */
export function loadedListings(data: InfiniteData<ListListingsResponse> | undefined) {
  const seen = new Set<number>();
  const items: ListingCard[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
