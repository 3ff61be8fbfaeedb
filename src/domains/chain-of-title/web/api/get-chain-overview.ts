import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ChainOverviewQuery, ChainOverviewResponse } from '../../chain-of-title.schema';
import { chainOfTitleKeys } from './chain-of-title-keys';

/** GET /api/admin/chain-of-title/overview: listings with document and gap counts. */
export function getChainOverview(query: ChainOverviewQuery): Promise<ChainOverviewResponse> {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.page && query.page !== 1) params.set('page', String(query.page));
  if (query.filter && query.filter !== 'all') params.set('filter', query.filter);
  const search = params.toString();
  return apiRequest<ChainOverviewResponse>(
    `/api/admin/chain-of-title/overview${search ? `?${search}` : ''}`,
  );
}

export const chainOverviewQueryOptions = (query: ChainOverviewQuery) =>
  queryOptions({
    queryKey: chainOfTitleKeys.overview(query),
    queryFn: () => getChainOverview(query),
    placeholderData: keepPreviousData,
  });

export function useChainOverview(query: ChainOverviewQuery) {
  return useQuery(chainOverviewQueryOptions(query));
}
