import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '@/web/components/ui/error-boundary';
import { Spinner } from '@/web/components/ui/spinner';
import { usePaymentsConfig } from '../api/get-payments-config';
import type { CardFormProps } from './card-form-props';
import { LocalCardForm } from './local-card-form';
import { PaymentInitFailed, PaymentUnavailable } from './payment-notices';

// Stripe.js and its React bindings live in this chunk only (never on the home page).
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface CardPaymentStepProps extends Omit<CardFormProps, 'clientSecret'> {
  /** The payment to confirm; null when the server could not create one. */
  clientSecret: string | null;
}

/**
 * Asks for a card to authorise a payment: the local provider's card form, or Stripe
 * Elements when the Stripe provider is active. The spec's states: no client secret or no
 * publishable key → payment unavailable; a provider that cannot load → initialisation failed.
 */
export function CardPaymentStep({ clientSecret, ...formProps }: CardPaymentStepProps) {
  const config = usePaymentsConfig();

  if (!clientSecret) return <PaymentUnavailable />;
  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) return <PaymentInitFailed />;
  if (config.data.provider === 'local') {
    return <LocalCardForm clientSecret={clientSecret} {...formProps} />;
  }
  const publishableKey = config.data.publishableKey;
  if (!publishableKey) return <PaymentUnavailable />;
  return (
    <ErrorBoundary fallback={() => <PaymentInitFailed />}>
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          {...formProps}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
