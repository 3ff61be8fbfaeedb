import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { errorMessage } from '@/web/lib/api-client';
import { useConfirmLocalPayment } from '../api/confirm-local-payment';
import {
  CardFormSchema,
  formatCardNumber,
  formatExpiry,
  type CardForm,
  type CardFormInput,
} from '../lib/card-form';
import { PaymentError, TestCardHint } from './payment-notices';
import type { CardFormProps } from './card-form-props';

/**
 * The local provider's card form (it behaves like Stripe's test mode, so the test-card
 * hint is always shown). A failed confirmation shows the provider's message and the form
 * can be sent again with another card.
 */
export function LocalCardForm({ clientSecret, submitLabel, onAuthorised }: CardFormProps) {
  const confirm = useConfirmLocalPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CardFormInput, unknown, CardForm>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (card) => {
    setFailure(null);
    try {
      await confirm.mutateAsync({
        clientSecret,
        cardNumber: card.cardNumber,
        expMonth: card.expiry.expMonth,
        expYear: card.expiry.expYear,
        cvc: card.cvc,
      });
    } catch (error) {
      setFailure(errorMessage(error, 'An unexpected error occurred.'));
      return;
    }
    setIsFinishing(true);
    try {
      await onAuthorised('local');
    } finally {
      setIsFinishing(false);
    }
  });

  const isBusy = confirm.isPending || isFinishing;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Card details">
      <TestCardHint />
      <fieldset disabled={isBusy} className="space-y-4">
        <Field label="Card number" error={errors.cardNumber?.message} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            {...register('cardNumber', {
              onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
                setValue('cardNumber', formatCardNumber(event.target.value)),
            })}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry date (MM/YY)" error={errors.expiry?.message} required>
            <Input
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              {...register('expiry', {
                onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
                  setValue('expiry', formatExpiry(event.target.value)),
              })}
            />
          </Field>
          <Field label="CVC" error={errors.cvc?.message} required>
            <Input
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              {...register('cvc')}
            />
          </Field>
        </div>
      </fieldset>
      {failure ? <PaymentError message={failure} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        <Lock aria-hidden="true" className="h-4 w-4" />
        {isBusy ? 'Authorising…' : submitLabel}
      </Button>
    </form>
  );
}
