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
import { EXTENSION_PERIODS, OPTION_PERIODS } from '../../offers.constants';
import { TermSheetBodySchema, type Offer, type TermSheetBodyInput } from '../../offers.schema';
import { useCounterOffer } from '../api/negotiation';
import { resumePaymentPath, type ResumePaymentState } from '../lib/resume-payment';
import type { Exclusivity } from '@/domains/listings/listings.constants';
import {
  AvailsPicker,
  keysOf,
  pickError,
  useListingAvails,
  verdictOf,
  type Part,
  type PickerGrid,
} from '@/domains/rights/web';
import { ExclusivityField } from './rights-fields';

/** A pounds string of the API ("50000.00") as the form shows it ("50000"). */
const asInput = (pounds: string | null) => (pounds ?? '').replace(/\.00$/, '');

/** The form, prefilled from the terms as they stand (the current version), never defaults. */
function formOf(offer: Offer) {
  const { terms } = offer;
  return {
    offerPrice: asInput(terms.offerPrice),
    optionPeriod: String(terms.optionPeriod),
    purchaseMode: (terms.purchasePricePercent !== null
      ? 'percent'
      : terms.purchasePrice !== null
        ? 'sum'
        : 'none') as 'none' | 'sum' | 'percent',
    purchasePrice: asInput(terms.purchasePrice),
    purchasePricePercent: terms.purchasePricePercent?.replace(/\.?0+$/, '') ?? '',
    purchasePriceFloor: asInput(terms.purchasePriceFloor),
    purchasePriceCap: asInput(terms.purchasePriceCap),
    extensionMonths: String(terms.extensionMonths),
    extensionFee: asInput(terms.extensionFee),
    credit: terms.credit ?? '',
    notes: '',
  };
}
type CounterForm = ReturnType<typeof formOf>;

/** The rights a counter proposes: the part picked from the grid, and the exclusivity. */
interface RightsForm {
  part: Part;
  exclusivity: Exclusivity | null;
}

/** The body the route takes: only the purchase price of the chosen kind is sent. */
function bodyOf(form: CounterForm, rights: RightsForm, offer: Offer): TermSheetBodyInput {
  const { purchaseMode, ...fields } = form;
  return {
    ...fields,
    purchasePrice: purchaseMode === 'sum' ? fields.purchasePrice : null,
    purchasePricePercent: purchaseMode === 'percent' ? fields.purchasePricePercent : null,
    purchasePriceFloor: purchaseMode === 'percent' ? fields.purchasePriceFloor : null,
    purchasePriceCap: purchaseMode === 'percent' ? fields.purchasePriceCap : null,
    media: rights.part.media,
    territories: rights.part.territories,
    exclusivity: rights.exclusivity,
    extraRightsRequest: offer.terms.extraRightsRequest,
    fundCompetition: offer.terms.fundCompetition,
    fundNotes: offer.terms.fundNotes,
  };
}

type SetField = (key: keyof CounterForm) => (event: { target: { value: string } }) => void;

/** The money and time terms: option fee and period, purchase price, extension. */
function PriceTermsFields({ form, set }: { form: CounterForm; set: SetField }) {
  return (
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
      <Field label="Purchase price on exercise">
        <Select value={form.purchaseMode} onChange={set('purchaseMode')}>
          <option value="none">To be agreed</option>
          <option value="sum">A sum</option>
          <option value="percent">A percentage of the budget</option>
        </Select>
      </Field>
      {form.purchaseMode === 'sum' ? (
        <Field label="Purchase price (£)">
          <Input inputMode="decimal" value={form.purchasePrice} onChange={set('purchasePrice')} />
        </Field>
      ) : null}
      {form.purchaseMode === 'percent' ? (
        <>
          <Field label="Percentage of the budget (%)">
            <Input
              inputMode="decimal"
              value={form.purchasePricePercent}
              onChange={set('purchasePricePercent')}
            />
          </Field>
          <Field label="Floor (£)">
            <Input
              inputMode="decimal"
              value={form.purchasePriceFloor}
              onChange={set('purchasePriceFloor')}
            />
          </Field>
          <Field label="Cap (£)">
            <Input
              inputMode="decimal"
              value={form.purchasePriceCap}
              onChange={set('purchasePriceCap')}
            />
          </Field>
        </>
      ) : null}
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
    </div>
  );
}

/** The current terms' part, as the picker's chosen cells. */
const termsPartOf = (offer: Offer) =>
  keysOf({ media: offer.terms.media, territories: offer.terms.territories });

/**
 * The listing's grid for the picker: the avails when the server has them, else the listing's
 * rights with no states (an older server: it checks the part itself).
 */
function useCounterGrid(offer: Offer, isOpen: boolean): PickerGrid {
  const avails = useListingAvails(offer.listingId, { enabled: isOpen });
  const data = avails.data ?? null;
  if (data && data.cells.length > 0) {
    return { media: data.media, territories: data.territories, cells: data.cells };
  }
  return {
    media: offer.listingRights.media,
    territories: offer.listingRights.territories,
    cells: null,
  };
}

/**
 * 'Counter' (the agent, on a pending offer) and 'Counter Back' (the producer, on a countered
 * one): a term sheet form prefilled with the terms as they stand. The part of the rights is
 * picked from the listing's grid, starting from the current terms' part; cells another deal
 * holds cannot be added. The note is a message to the other side, not a term. A producer's
 * new price opens the card step for the new hold.
 */
export function CounterOfferDialog({ offer, label }: { offer: Offer; label: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const counter = useCounterOffer();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState(() => formOf(offer));
  const [chosen, setChosen] = useState<Set<string>>(() => termsPartOf(offer));
  const [exclusivity, setExclusivity] = useState(offer.terms.exclusivity);
  const grid = useCounterGrid(offer, isOpen);
  const set: SetField = (key) => (event) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const onOpenChange = (open: boolean) => {
    // Each opening starts from the terms as they stand now.
    if (open) {
      setForm(formOf(offer));
      setChosen(termsPartOf(offer));
      setExclusivity(offer.terms.exclusivity);
      setError(null);
    }
    setIsOpen(open);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const verdict = verdictOf(grid, chosen);
    const partProblem = pickError(verdict);
    if (partProblem) {
      setError(partProblem);
      return;
    }
    const terms = bodyOf(form, { part: verdict.part, exclusivity }, offer);
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
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
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
          <PriceTermsFields form={form} set={set} />
          <AvailsPicker
            grid={grid}
            chosen={chosen}
            onChange={setChosen}
            resetTo={termsPartOf(offer)}
            legend="Rights this counter-offer covers"
          />
          <ExclusivityField
            offered={offer.listingRights}
            value={exclusivity}
            onChange={setExclusivity}
          />
          <Field label="Credit">
            <Input value={form.credit} onChange={set('credit')} />
          </Field>
          <Field
            label="Message to the other side"
            hint="Sent with the counter-offer; it is not a term and is not part of the agreement."
          >
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
