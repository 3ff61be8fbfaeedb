import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { TasteProfile, TasteProfileBody } from '../../recommendations.schema';
import { recommendationsKeys } from './get-recommendations';

/** GET /api/recommendations/profile: as saved, else as read from activity. */
export function getTasteProfile(): Promise<TasteProfile> {
  return apiRequest<TasteProfile>('/api/recommendations/profile');
}

export function useTasteProfile(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: recommendationsKeys.profile(),
    queryFn: getTasteProfile,
    enabled: options.enabled ?? true,
  });
}

/** PUT /api/recommendations/profile; recommendations are then generated again. */
export function saveTasteProfile(body: TasteProfileBody): Promise<TasteProfile> {
  return apiRequest<TasteProfile>('/api/recommendations/profile', { method: 'PUT', body });
}

export function useSaveTasteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTasteProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendationsKeys.all }),
  });
}
