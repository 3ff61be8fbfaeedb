import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Right } from '@/domains/listings/listings.constants';
import { rightsKeys } from '@/domains/rights/web';
import { apiRequest } from '@/web/lib/api-client';
import type { CreateOfferBody, CreateOfferResponse } from '../../offers.schema';
import { offersKeys } from './offers-keys';

/**
 * The body with the part of the rights the offer covers (issue 29; optional: left out, the
 * server takes the whole listing when nothing of it is taken).
 */
export type CreateOfferBodyWithPart = CreateOfferBody & {
  media?: Right[];
  territories?: string[];
};

export interface CreateOfferVariables {
  body: CreateOfferBodyWithPart;
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        // The offer's part now reads 'under offer' once its hold is authorised.
        queryClient.invalidateQueries({ queryKey: rightsKeys.all }),
      ]),
  });
}
