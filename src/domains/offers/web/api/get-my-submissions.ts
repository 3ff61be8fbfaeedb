import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MySubmissionsResponse } from '../../offers.schema';
import { offersKeys } from './offers-keys';

/** GET /api/offers/my-submissions: the producer's offers, newest first, with the counters. */
export function getMySubmissions(signal?: AbortSignal): Promise<MySubmissionsResponse> {
  return apiRequest<MySubmissionsResponse>('/api/offers/my-submissions', { signal });
}

export const mySubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: offersKeys.mySubmissions(),
    queryFn: ({ signal }) => getMySubmissions(signal),
    // Statuses change elsewhere (the agent answers, holds expire): read afresh on each visit.
    staleTime: 0,
  });

export function useMySubmissions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mySubmissionsQueryOptions(), enabled: options.enabled ?? true });
}
