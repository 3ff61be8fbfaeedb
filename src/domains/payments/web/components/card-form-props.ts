import type { PaymentsConfig } from '../../payments.schema';

export type PaymentProviderName = PaymentsConfig['provider'];

/** What both card forms (local and Stripe Elements) take. */
export interface CardFormProps {
  /** The client secret of the payment to confirm. */
  clientSecret: string;
  /** The submit button's text, e.g. 'Authorise £25,000'. */
  submitLabel: string;
  /** Runs once the card is authorised; the form stays disabled until it settles. */
  onAuthorised: (provider: PaymentProviderName) => void | Promise<void>;
}
