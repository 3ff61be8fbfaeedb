import { useNavigate } from 'react-router';
import { Check } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { useAcceptCounter } from '../api/negotiation';
import { resumePaymentPath, type ResumePaymentState } from '../lib/resume-payment';

/**
 * The producer accepts the agent's counter: that agrees the deal (no second step for the
 * agent). At the held price the card is charged at once; a new price opens the card step
 * for a hold of exactly that amount, charged as soon as it is authorised.
 */
export function AcceptCounterButton({ offer }: { offer: Offer }) {
  const toast = useToast();
  const navigate = useNavigate();
  const accept = useAcceptCounter();
  const onAccept = () =>
    accept.mutate(offer.id, {
      onSuccess: (answer) => {
        if (answer.clientSecret) {
          const state: ResumePaymentState = {
            payment: { offer: answer.offer, clientSecret: answer.clientSecret },
          };
          navigate(resumePaymentPath(offer), { state });
          return;
        }
        toast({
          title: 'Counter accepted',
          description:
            answer.offer.status === 'accepted'
              ? 'The deal is agreed: the option agreement is next.'
              : 'The deal completes once your card is charged.',
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to accept the counter-offer'),
          variant: 'destructive',
        }),
    });
  return (
    <Button size="sm" onClick={onAccept} disabled={accept.isPending}>
      <Check aria-hidden="true" className="h-4 w-4" />
      {accept.isPending ? 'Accepting…' : 'Accept Counter'}
    </Button>
  );
}
