import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { OptionPaymentAction } from '../../options.constants';
import type {
  DealTimeline,
  Option,
  OptionPaymentStart,
  OptionsResponse,
} from '../../options.schema';

export const optionsKeys = {
  all: ['options'] as const,
  list: () => [...optionsKeys.all, 'list'] as const,
  timeline: (offerId: number) => [...optionsKeys.all, 'timeline', offerId] as const,
};

/** GET /api/options: the signed-in user's options with days left (running first). */
export function useOptions() {
  return useQuery({
    queryKey: optionsKeys.list(),
    queryFn: () => apiRequest<OptionsResponse>('/api/options'),
  });
}

/** GET /api/options/{id}: the option as it stands now. */
export function getOption(optionId: number): Promise<Option> {
  return apiRequest<Option>(`/api/options/${optionId}`);
}

/** POST /api/options/{id}/extension | exercise: the payment to confirm by card, if any. */
export function useStartOptionPayment() {
  return useMutation({
    mutationFn: ({ optionId, action }: { optionId: number; action: OptionPaymentAction }) =>
      apiRequest<OptionPaymentStart>(`/api/options/${optionId}/${action}`, { method: 'POST' }),
  });
}

/** Everything about options is stale after a payment (dashboards and timelines). */
export function useRefreshOptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: optionsKeys.all });
}

/** GET /api/deals/{offerId}/timeline. */
export function useDealTimeline(offerId: number) {
  return useQuery({
    queryKey: optionsKeys.timeline(offerId),
    queryFn: () => apiRequest<DealTimeline>(`/api/deals/${offerId}/timeline`),
  });
}

/** POST /api/admin/options/{id}/bank-transfer: an admin records the purchase price as paid. */
export function useRecordBankTransfer() {
  const refresh = useRefreshOptions();
  return useMutation({
    mutationFn: ({ optionId, ...body }: { optionId: number; reference: string; amount?: string }) =>
      apiRequest<Option>(`/api/admin/options/${optionId}/bank-transfer`, {
        method: 'POST',
        body,
      }),
    onSettled: () => void refresh(),
  });
}
