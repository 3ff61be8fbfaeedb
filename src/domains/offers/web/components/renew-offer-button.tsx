import { useNavigate } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { useRenewOffer } from '../api/renew-offer';
import { resumePaymentPath, type ResumePaymentState } from '../lib/resume-payment';

/** 'Renew Offer' on an expired offer: a new hold is prepared, then the card step opens. */
export function RenewOfferButton({ offer }: { offer: Offer }) {
  const toast = useToast();
  const navigate = useNavigate();
  const renew = useRenewOffer();

  const onRenew = () => {
    renew.mutate(offer.id, {
      onSuccess: (payment) => {
        const state: ResumePaymentState = { payment };
        navigate(resumePaymentPath(offer), { state });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to renew the offer. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Button size="sm" onClick={onRenew} disabled={renew.isPending}>
      <RefreshCw aria-hidden="true" className="h-4 w-4" />
      {renew.isPending ? 'Renewing…' : 'Renew Offer'}
    </Button>
  );
}
