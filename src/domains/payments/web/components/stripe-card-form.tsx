import { useEffect, useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import type { CardFormProps } from './card-form-props';
import { PaymentError, PaymentInitFailed, TestCardHint } from './payment-notices';

/** Stripe.js is loaded once per publishable key and page. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card box, confirmed with confirmCardPayment (a manual-capture hold). */
function ElementsCardForm({ clientSecret, submitLabel, onAuthorised }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setFailure(null);
    setIsBusy(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card },
      });
      if (result.error) {
        setFailure(result.error.message ?? 'An unexpected error occurred.');
        return;
      }
      const status = result.paymentIntent.status;
      if (status !== 'requires_capture' && status !== 'succeeded') {
        setFailure('An unexpected error occurred.');
        return;
      }
      await onAuthorised('stripe');
    } catch {
      setFailure('An unexpected error occurred.');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-label="Card details"
    >
      <div className="space-y-1">
        <p id={labelId} className="block text-sm font-medium text-ink">
          Card details
        </p>
        <div
          role="group"
          aria-labelledby={labelId}
          className="rounded-md border border-slate-300 bg-white px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100"
        >
          <CardElement
            options={{
              disabled: isBusy,
              style: { base: { fontSize: '16px', color: '#0f172a' } },
            }}
          />
        </div>
      </div>
      {failure ? <PaymentError message={failure} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy || !stripe}>
        <Lock aria-hidden="true" className="h-4 w-4" />
        {isBusy ? 'Authorising…' : submitLabel}
      </Button>
    </form>
  );
}

type StripeState =
  { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/**
 * The Stripe card form. This file is its own chunk (imported lazily by the payment step),
 * so Stripe.js is only fetched when the Stripe provider is active and a card is asked for.
 */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const [state, setState] = useState<StripeState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    void stripeFor(publishableKey).then((stripe) => {
      if (isCurrent) setState(stripe ? { status: 'ready', stripe } : { status: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  if (state.status === 'loading') return <Spinner label="Loading the card form" />;
  if (state.status === 'failed') return <PaymentInitFailed />;
  return (
    <div className="space-y-4">
      {publishableKey.startsWith('pk_test_') ? <TestCardHint /> : null}
      <Elements stripe={state.stripe}>
        <ElementsCardForm {...props} />
      </Elements>
    </div>
  );
}
