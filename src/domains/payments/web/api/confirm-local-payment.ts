import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { LocalConfirmBody } from '../../payments.schema';

export interface LocalConfirmResult {
  paymentIntentId: string;
  status: string;
}

/**
 * POST /api/payments/local/confirm: the local provider's stand-in for Stripe.js. A declined
 * card answers 402 with the provider's message and its declineCode.
 */
export function confirmLocalPayment(body: LocalConfirmBody): Promise<LocalConfirmResult> {
  return apiRequest<LocalConfirmResult>('/api/payments/local/confirm', { method: 'POST', body });
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
