import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { ApiError, errorMessage, hasErrorCode, isUnauthorizedError } from '@/web/lib/api-client';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { formatPounds } from '@/shared/money';
import { MIN_OFFER_POUNDS, OFFER_STEP_POUNDS, OPTION_PERIODS } from '../../offers.constants';
import {
  CreateOfferBodySchema,
  OFFER_MESSAGES,
  type CreateOfferBody,
  type CreateOfferBodyInput,
  type CreateOfferResponse,
} from '../../offers.schema';
import { useCreateOffer, type CreateOfferBodyWithPart } from '../api/create-offer';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { DeckUploadField } from './deck-upload-field';
import { OfferPartField, useOfferPart } from './offer-part-field';

const FORM_FIELDS = [
  'offerPrice',
  'optionPeriod',
  'extraRightsRequest',
  'fundCompetition',
  'fundNotes',
  'deckFileUrl',
] as const;
/** The form's hint, from the same constant the schema's minimum uses. */
const MINIMUM_HINT = `Minimum ${formatPounds(MIN_OFFER_POUNDS * 100)}`;

/** 'Continue to Payment', which asks for the deck first (the spec's message below it). */
function SubmitOfferButton({ hasDeck, isBusy }: { hasDeck: boolean; isBusy: boolean }) {
  return (
    <div className="space-y-2">
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!hasDeck || isBusy}
        aria-describedby={hasDeck ? undefined : 'offer-deck-required'}
      >
        {!hasDeck ? (
          'Upload Deck to Continue'
        ) : isBusy ? (
          'Submitting Offer…'
        ) : (
          <>
            Continue to Payment
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </>
        )}
      </Button>
      {hasDeck ? null : (
        <p id="offer-deck-required" className="text-center text-sm text-ink-muted">
          {OFFER_MESSAGES.deckRequired}
        </p>
      )}
    </div>
  );
}

/**
 * An answer about the offer as a whole, not one field: another deal took part of the rights
 * (409, naming the cells), or the server asks for a part (a 400 on no field of this form).
 * The form says it where the producer looks, and the grid is read again.
 */
function wholeOfferError(error: unknown, hasFieldError: boolean): string | null {
  const isWhole =
    hasErrorCode(error, 'CONFLICT') || (hasErrorCode(error, 'VALIDATION') && !hasFieldError);
  return isWhole ? errorMessage(error, 'These rights are no longer available.') : null;
}

function FormErrorArea({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

interface OfferFormProps {
  listingId: number;
  onCreated: (created: CreateOfferResponse) => void;
  onUnauthorised: () => void;
}

/** Step 1 of /submit-offer/{listingId}: the offer, its terms and the proposal deck. */
export function OfferForm({ listingId, onCreated, onUnauthorised }: OfferFormProps) {
  const toast = useToast();
  const create = useCreateOffer();
  // One key per submission; kept only when the request got no answer, so a retry of the
  // same submission can never create a second offer.
  const idempotencyKey = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateOfferBodyInput, unknown, CreateOfferBody>({
    resolver: zodResolver(CreateOfferBodySchema),
    defaultValues: {
      listingId,
      offerPrice: '',
      optionPeriod: '',
      extraRightsRequest: '',
      fundCompetition: false,
      fundNotes: '',
      deckFileUrl: '',
    },
  });
  const hasDeck = Boolean(watch('deckFileUrl'));
  const isFundCompetition = watch('fundCompetition') === true;
  const offerPart = useOfferPart(listingId);
  // What stops the offer as a whole (its part taken meanwhile: the server's 409, or a part
  // the picker cannot send), said above the button rather than in a passing toast.
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    const choice = offerPart.choice();
    if (choice.kind === 'invalid') {
      setFormError(choice.message);
      return;
    }
    setFormError(null);
    const key = idempotencyKey.current ?? newIdempotencyKey();
    idempotencyKey.current = key;
    const body: CreateOfferBodyWithPart = {
      ...values,
      fundNotes: values.fundCompetition ? values.fundNotes : null,
      ...(choice.kind === 'part' ? choice.part : {}),
    };
    create.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (created) => {
          idempotencyKey.current = null;
          onCreated(created);
        },
        onError: (error) => {
          if (error instanceof ApiError) idempotencyKey.current = null;
          if (isUnauthorizedError(error)) {
            onUnauthorised();
            return;
          }
          const offerError = wholeOfferError(
            error,
            applyServerFieldErrors(error, setError, FORM_FIELDS),
          );
          if (offerError) {
            setFormError(offerError);
            offerPart.refresh();
            return;
          }
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to submit offer'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const isBusy = create.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field
        label="Offer amount (£)"
        error={errors.offerPrice?.message}
        hint={MINIMUM_HINT}
        required
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_OFFER_POUNDS}
          step={OFFER_STEP_POUNDS}
          placeholder="25000"
          disabled={isBusy}
          {...register('offerPrice')}
        />
      </Field>

      <Field label="Option period" error={errors.optionPeriod?.message} required>
        <Select disabled={isBusy} {...register('optionPeriod')}>
          <option value="">Select option period</option>
          {OPTION_PERIODS.map((months) => (
            <option key={months} value={String(months)}>
              {months} months
            </option>
          ))}
        </Select>
      </Field>

      <Field
        label="Additional rights requested"
        error={errors.extraRightsRequest?.message}
        hint="Optional: sequels, merchandising, territories beyond those listed…"
      >
        <Textarea disabled={isBusy} {...register('extraRightsRequest')} />
      </Field>

      <div className="space-y-3 rounded-md border border-line p-4">
        <div className="flex items-start gap-2">
          <input
            id="offer-fund-competition"
            type="checkbox"
            disabled={isBusy}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
            {...register('fundCompetition')}
          />
          <label htmlFor="offer-fund-competition" className="text-sm text-ink">
            <span className="font-medium">Fund competition</span>
            <span className="block text-ink-muted">
              This offer is tied to a funding competition or application.
            </span>
          </label>
        </div>
        {isFundCompetition ? (
          <Field
            label="Fund notes"
            error={errors.fundNotes?.message}
            hint="Optional: the fund, its deadline and what it needs from the agent."
          >
            <Textarea disabled={isBusy} {...register('fundNotes')} />
          </Field>
        ) : null}
      </div>

      <OfferPartField offerPart={offerPart} disabled={isBusy} />

      <DeckUploadField
        disabled={isBusy}
        error={errors.deckFileUrl?.message}
        onUnauthorised={onUnauthorised}
        onChange={(deckFileUrl) =>
          setValue('deckFileUrl', deckFileUrl ?? '', { shouldValidate: deckFileUrl !== null })
        }
      />

      <FormErrorArea message={formError} />
      <SubmitOfferButton hasDeck={hasDeck} isBusy={isBusy} />
    </form>
  );
}
