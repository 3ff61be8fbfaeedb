import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { useAbandonOffer } from '../api/abandon-offer';

/** 'Abandon' on an offer whose card was never authorised: it never reaches the agent. */
export function AbandonOfferDialog({ offer }: { offer: Offer }) {
  const toast = useToast();
  const abandon = useAbandonOffer();
  const [isOpen, setIsOpen] = useState(false);

  const onConfirm = () => {
    abandon.mutate(offer.id, {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: 'Offer Abandoned', description: 'The offer was not sent to the agent.' });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to abandon the offer. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (abandon.isPending ? undefined : setIsOpen(open))}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          Abandon
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Abandon Offer</DialogTitle>
          <DialogDescription>
            Your card was never authorised for this offer, so the agent has not seen it and nothing
            is held. Abandoning it cannot be undone; you can submit a new offer later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setIsOpen(false)} disabled={abandon.isPending}>
            Keep Offer
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={abandon.isPending}>
            {abandon.isPending ? 'Abandoning…' : 'Abandon Offer'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
