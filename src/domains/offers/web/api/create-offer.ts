import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CreateOfferBody, CreateOfferResponse } from '../../offers.schema';
import { offersKeys } from './offers-keys';

export interface CreateOfferVariables {
  body: CreateOfferBody;
  /** One per form submission: a repeated request with it creates nothing new. */
  idempotencyKey: string;
}

/** POST /api/offers: the offer (awaiting payment) and the client secret of its card hold. */
export function createOffer({
  body,
  idempotencyKey,
}: CreateOfferVariables): Promise<CreateOfferResponse> {
  return apiRequest<CreateOfferResponse>('/api/offers', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
