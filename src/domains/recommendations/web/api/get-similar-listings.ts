import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { SimilarListingsResponse } from '../../recommendations.schema';
import { recommendationsKeys } from './get-recommendations';

/** GET /api/listings/{id}/similar: the six nearest available titles. */
export function getSimilarListings(listingId: number): Promise<SimilarListingsResponse> {
  return apiRequest<SimilarListingsResponse>(`/api/listings/${listingId}/similar`);
}

export function useSimilarListings(listingId: number) {
  return useQuery({
    queryKey: recommendationsKeys.similar(listingId),
    queryFn: () => getSimilarListings(listingId),
  });
}
