import { CreditCard, TriangleAlert } from 'lucide-react';

/** The spec's message when no client secret or no publishable key is available. */
export function PaymentUnavailable() {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold text-amber-900">Payment service is currently unavailable</p>
        <p className="mt-1 text-sm text-amber-900">
          Please contact support for assistance with your offer
        </p>
      </div>
    </div>
  );
}

/** The card provider's script or configuration could not be loaded. */
export function PaymentInitFailed() {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-red-700" />
      <p className="font-semibold text-red-900">Payment system initialization failed</p>
    </div>
  );
}

/** Where to find a card that works in test mode (never shown for live Stripe keys). */
export function TestCardHint() {
  return (
    <p className="flex items-start gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
      <CreditCard aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Test mode: use card <span className="font-mono">4242 4242 4242 4242</span>, any future
        expiry date and any three-digit CVC.
      </span>
    </p>
  );
}

/** A confirmation failure, read out at once and shown beside the form. */
export function PaymentError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
