import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ChainOfTitleResponse } from '../../chain-of-title.schema';
import { chainOfTitleKeys } from './chain-of-title-keys';

/** GET /api/chain-of-title/listings/{id}: documents by effective date and the gaps. */
export function getChainOfTitle(listingId: number): Promise<ChainOfTitleResponse> {
  return apiRequest<ChainOfTitleResponse>(`/api/chain-of-title/listings/${listingId}`);
}

export const chainOfTitleQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: chainOfTitleKeys.listing(listingId),
    queryFn: () => getChainOfTitle(listingId),
  });

export function useChainOfTitle(listingId: number | null) {
  return useQuery({
    ...chainOfTitleQueryOptions(listingId ?? 0),
    enabled: listingId !== null,
  });
}
