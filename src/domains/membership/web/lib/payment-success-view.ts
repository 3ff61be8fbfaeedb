import type { CheckoutSession } from '../../membership.schema';

/**
 * What /payment-success may say (issue 10: it told anyone, even signed out with a made-up
 * session id, that £216 had been paid). Only the signed-in user's own checkout session,
 * once paid, is shown as a payment; anything else gets a neutral page.
 */
export type PaymentSuccessView =
  | { kind: 'checking' }
  /** Signed out, no session id, not this user's session (404), or expired. */
  | { kind: 'no-payment' }
  /** This user's checkout, not paid yet: the provider's confirmation is on its way. */
  | { kind: 'confirming' }
  | { kind: 'paid'; session: CheckoutSession };

export interface PaymentSuccessFacts {
  sessionId: string | null;
  isUserLoading: boolean;
  isSignedIn: boolean;
  /** GET /api/membership/checkout/{sessionId}, asked only when signed in with a session id. */
  session: { data: CheckoutSession | undefined; isError: boolean };
}

export function paymentSuccessView(facts: PaymentSuccessFacts): PaymentSuccessView {
  if (!facts.sessionId) return { kind: 'no-payment' };
  if (facts.isUserLoading) return { kind: 'checking' };
  if (!facts.isSignedIn || facts.session.isError) return { kind: 'no-payment' };
  const session = facts.session.data;
  if (!session) return { kind: 'checking' };
  if (session.status === 'paid') return { kind: 'paid', session };
  if (session.status === 'open') return { kind: 'confirming' };
  return { kind: 'no-payment' };
}
