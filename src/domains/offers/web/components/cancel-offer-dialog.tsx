import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { CANCELLATION_REASON_MAX } from '../../offers.constants';
import { CancelOfferBodySchema, type CancelOfferBody, type Offer } from '../../offers.schema';
import { useCancelOffer } from '../api/cancel-offer';
import { formatOfferPrice } from '../lib/offer-display';

/** 'Cancel' on an open offer: a reason (required, at most 500 characters), then release. */
export function CancelOfferDialog({ offer, size = 'sm' }: { offer: Offer; size?: 'sm' | 'md' }) {
  const toast = useToast();
  const cancel = useCancelOffer();
  const [isOpen, setIsOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CancelOfferBody>({
    resolver: zodResolver(CancelOfferBodySchema),
    defaultValues: { cancellationReason: '' },
  });
  const length = watch('cancellationReason').length;

  const onOpenChange = (open: boolean) => {
    if (cancel.isPending) return;
    setIsOpen(open);
    if (!open) reset();
  };

  const onSubmit = handleSubmit((body) => {
    cancel.mutate(
      { offerId: offer.id, body },
      {
        onSuccess: () => {
          setIsOpen(false);
          reset();
          toast({
            title: 'Submission Cancelled',
            description: 'Your offer has been withdrawn and the card hold released.',
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Cancellation Failed',
            description: errorMessage(error, 'Failed to cancel submission. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size} className="text-red-700 hover:bg-red-50">
          Cancel
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel Submission</DialogTitle>
          <DialogDescription>
            Withdraw your {formatOfferPrice(offer.offerPrice)} offer for “{offer.listingTitle}”? The
            card hold is released. This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-2">
          <Field
            label="Reason for cancellation"
            error={errors.cancellationReason?.message}
            hint={`${length}/${CANCELLATION_REASON_MAX} characters`}
            required
          >
            <Textarea
              maxLength={CANCELLATION_REASON_MAX}
              disabled={cancel.isPending}
              {...register('cancellationReason')}
            />
          </Field>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={cancel.isPending}
            >
              Keep Offer
            </Button>
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel Offer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
