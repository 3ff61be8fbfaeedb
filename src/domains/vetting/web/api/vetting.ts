import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type {
  Application,
  ApplicationBody,
  DecisionBody,
  MyVerification,
  OfferPolicy,
  PendingApplications,
} from '../../vetting.schema';

export const vettingKeys = {
  mine: ['vetting', 'mine'] as const,
  pending: ['vetting', 'pending'] as const,
  policy: (listingId: number) => ['vetting', 'policy', listingId] as const,
  verified: (ids: number[]) => ['vetting', 'verified', ids.join(',')] as const,
};

export function useMyVerification() {
  return useQuery({
    queryKey: vettingKeys.mine,
    queryFn: () => apiRequest<MyVerification>('/api/vetting/application'),
  });
}

export function useApplyForVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationBody) =>
      apiRequest<Application>('/api/vetting/application', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vettingKeys.mine }),
  });
}

export function usePendingApplications() {
  return useQuery({
    queryKey: vettingKeys.pending,
    queryFn: () => apiRequest<PendingApplications>('/api/admin/producer-applications'),
  });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DecisionBody & { id: number }) =>
      apiRequest<{ message: string }>(`/api/admin/producer-applications/${id}/decision`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vettingKeys.pending }),
  });
}

export function useOfferPolicy(listingId: number, enabled = true) {
  return useQuery({
    queryKey: vettingKeys.policy(listingId),
    queryFn: () => apiRequest<OfferPolicy>(`/api/vetting/listings/${listingId}/offer-policy`),
    enabled,
  });
}

export function useSetOfferPolicy(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verifiedOnly: boolean) =>
      apiRequest<OfferPolicy>(`/api/vetting/listings/${listingId}/offer-policy`, {
        method: 'PUT',
        body: { verifiedOnly },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vettingKeys.policy(listingId) }),
  });
}

/** Which of these users are verified producers (one request for a page's badges). */
export function useVerifiedProducers(ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b).slice(0, 100);
  return useQuery({
    queryKey: vettingKeys.verified(unique),
    queryFn: () =>
      apiRequest<{ verifiedIds: number[] }>(`/api/vetting/verified?ids=${unique.join(',')}`),
    enabled: unique.length > 0,
    select: (data) => new Set(data.verifiedIds),
  });
}
