import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Repeat } from 'lucide-react';
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
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import {
  DEFAULT_MEDIA,
  DEFAULT_TERRITORY,
  EXTENSION_PERIODS,
  OPTION_PERIODS,
} from '../../offers.constants';
import { TermSheetBodySchema, type Offer, type TermSheetBodyInput } from '../../offers.schema';
import { useCounterOffer } from '../api/negotiation';
import { resumePaymentPath, type ResumePaymentState } from '../lib/resume-payment';

/**
 * 'Counter' (the agent, on a pending offer) and 'Counter Back' (the producer, on a countered
 * one): a term sheet form prefilled with the offer's terms. A producer's new price opens the
 * card step for the new hold.
 */
export function CounterOfferDialog({ offer, label }: { offer: Offer; label: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const counter = useCounterOffer();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({
    offerPrice: offer.offerPrice.replace(/\.00$/, ''),
    optionPeriod: String(offer.optionPeriod),
    purchasePrice: '',
    extensionMonths: '0',
    extensionFee: '',
    territory: DEFAULT_TERRITORY,
    media: DEFAULT_MEDIA,
    notes: '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const terms: TermSheetBodyInput = {
      ...form,
      extraRightsRequest: offer.extraRightsRequest,
      fundCompetition: offer.fundCompetition,
      fundNotes: offer.fundNotes,
    };
    const parsed = TermSheetBodySchema.safeParse(terms);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the terms');
      return;
    }
    setError(null);
    counter.mutate(
      { offerId: offer.id, terms },
      {
        onSuccess: (answer) => {
          setIsOpen(false);
          if (answer.clientSecret) {
            const state: ResumePaymentState = {
              payment: { offer: answer.offer, clientSecret: answer.clientSecret },
            };
            navigate(resumePaymentPath(offer), { state });
            return;
          }
          toast({ title: 'Counter-offer sent', variant: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure, 'The counter-offer failed')),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Repeat aria-hidden="true" className="h-4 w-4" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="space-y-3">
          <DialogHeader>
            <DialogTitle>
              {label}: {offer.listingTitle}
            </DialogTitle>
            <DialogDescription>
              Propose the terms you would sign. The other side can accept, counter or walk away;
              every version is kept.
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Option fee (£)" required>
              <Input inputMode="decimal" value={form.offerPrice} onChange={set('offerPrice')} />
            </Field>
            <Field label="Option period" required>
              <Select value={form.optionPeriod} onChange={set('optionPeriod')}>
                {OPTION_PERIODS.map((months) => (
                  <option key={months} value={months}>
                    {months} months
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Purchase price on exercise (£)">
              <Input
                inputMode="decimal"
                value={form.purchasePrice}
                onChange={set('purchasePrice')}
              />
            </Field>
            <Field label="Extension">
              <Select value={form.extensionMonths} onChange={set('extensionMonths')}>
                {EXTENSION_PERIODS.map((months) => (
                  <option key={months} value={months}>
                    {months === 0 ? 'None' : `${months} months`}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Extension fee (£)">
              <Input inputMode="decimal" value={form.extensionFee} onChange={set('extensionFee')} />
            </Field>
            <Field label="Territory" required>
              <Input value={form.territory} onChange={set('territory')} />
            </Field>
          </div>
          <Field label="Media" required>
            <Input value={form.media} onChange={set('media')} />
          </Field>
          <Field label="Notes">
            <Textarea rows={3} value={form.notes} onChange={set('notes')} />
          </Field>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={counter.isPending}>
              {counter.isPending ? 'Sending…' : 'Send counter-offer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
