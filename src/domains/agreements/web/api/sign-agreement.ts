import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/offers/{id}/agreement/sign: typed name and consent. `onSigned` refreshes what
 * shows the offer (the offers room's queries), which this room does not know by name.
 */
export function useSignAgreement(onSigned: () => void) {
  return useMutation({
    mutationFn: ({ offerId, fullName }: { offerId: number; fullName: string }) =>
      apiRequest<unknown>(`/api/offers/${offerId}/agreement/sign`, {
        method: 'POST',
        body: { fullName, consent: true },
      }),
    // Not awaited: the refetch can unmount the button that asked (its status changes), and
    // TanStack Query drops a mutate() call's own callbacks once their component is gone.
    onSuccess: () => onSigned(),
  });
}
