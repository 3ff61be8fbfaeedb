import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { resetListingsToFirstPage } from '../api/list-listings';
import {
  catalogueFiltersToParams,
  parseCatalogueFilters,
  type CatalogueFilters,
} from '../lib/catalogue-filters';

/** Typing settles for this long before the catalogue searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The catalogue's filters, kept in the URL search params so back/forward and shared links
 * restore them. The search box text goes to the URL once typing settles; a burst of typing
 * makes one history entry. Any filter change also resets the list to its first 24.
 */
export function useCatalogueFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filters = useMemo(() => parseCatalogueFilters(searchParams), [searchParams]);
  const urlSearch = filters.search ?? '';

  const [searchText, setSearchText] = useState(urlSearch);
  const committedSearch = useRef(urlSearch);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isContinuingBurst = useRef(false);
  const latestFilters = useRef(filters);

  useLayoutEffect(() => {
    latestFilters.current = filters;
  }, [filters]);

  // The URL changed without us (back/forward, a link): the box shows its search.
  useLayoutEffect(() => {
    if (urlSearch === committedSearch.current) return;
    clearTimeout(searchTimer.current);
    committedSearch.current = urlSearch;
    setSearchText(urlSearch);
  }, [urlSearch]);

  useLayoutEffect(() => () => clearTimeout(searchTimer.current), []);

  const apply = (next: CatalogueFilters, options: { replace?: boolean } = {}) => {
    clearTimeout(searchTimer.current);
    // The URL re-renders the page a moment later; a change made before then builds on this.
    latestFilters.current = next;
    committedSearch.current = next.search ?? '';
    resetListingsToFirstPage(queryClient, next);
    setSearchParams(catalogueFiltersToParams(next), { replace: options.replace ?? false });
  };

  const commitSearch = (text: string) => {
    const search = text.trim();
    if (search === committedSearch.current) return;
    apply(
      { ...latestFilters.current, search: search || undefined },
      { replace: isContinuingBurst.current },
    );
    isContinuingBurst.current = true;
  };

  return {
    filters,
    searchText,
    /** A keystroke in the search box. */
    typeSearch: (text: string) => {
      setSearchText(text);
      clearTimeout(searchTimer.current);
      searchTimer.current = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    },
    /** Enter in the search box: search now. */
    submitSearch: () => commitSearch(searchText),
    /** The search box got focus: the next settled text starts a new history entry. */
    startTyping: () => {
      isContinuingBurst.current = false;
    },
    /** A filter menu changed; text still waiting in the search box goes along with it. */
    changeFilters: (update: (current: CatalogueFilters) => CatalogueFilters) => {
      const search = searchText.trim();
      apply({ ...update(latestFilters.current), search: search || undefined });
    },
    clearFilters: () => {
      setSearchText('');
      apply({});
    },
  };
}
