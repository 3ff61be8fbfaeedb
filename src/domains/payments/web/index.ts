/**
 * Front door of the payments room's browser code: the card steps that offers and
 * membership put on their pages (the local provider's form, or Stripe Elements).
 */
export { CardPaymentStep } from './components/card-payment-step';
export { LocalCardForm } from './components/local-card-form';
export { PaymentUnavailable } from './components/payment-notices';
