import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type {
  SavedSearch,
  SavedSearchBody,
  SavedSearchFrequency,
} from '../../saved-searches.schema';

export const savedSearchesKeys = { all: ['saved-searches'] as const };

/** GET /api/saved-searches. */
export function getSavedSearches(): Promise<SavedSearch[]> {
  return apiRequest<SavedSearch[]>('/api/saved-searches');
}

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKeys.all, queryFn: getSavedSearches });
}

/** POST /api/saved-searches. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchBody) =>
      apiRequest<SavedSearch>('/api/saved-searches', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  });
}

/** PATCH /api/saved-searches/{id}: how often alerts come. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, frequency }: { id: number; frequency: SavedSearchFrequency }) =>
      apiRequest<SavedSearch>(`/api/saved-searches/${id}`, {
        method: 'PATCH',
        body: { frequency },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  });
}

/** DELETE /api/saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/saved-searches/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  });
}
