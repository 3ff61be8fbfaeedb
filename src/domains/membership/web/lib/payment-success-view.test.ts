import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../membership.schema';
import { paymentSuccessView, type PaymentSuccessFacts } from './payment-success-view';

const session = (status: CheckoutSession['status']): CheckoutSession => ({
  sessionId: 'cs_local_0123456789abcdef',
  status,
  clientSecret: null,
  price: { net: '180.00', vat: '36.00', gross: '216.00', vatRatePercent: 20 },
});

const signedIn = (
  answer: PaymentSuccessFacts['session'],
  sessionId: string | null = 'cs_local_0123456789abcdef',
): PaymentSuccessFacts => ({ sessionId, isUserLoading: false, isSignedIn: true, session: answer });

const notAsked = { data: undefined, isError: false };

describe('what /payment-success may say (issue 10)', () => {
  it('claims no payment to a visitor who is signed out, whatever the session id', () => {
    expect(
      paymentSuccessView({
        sessionId: 'cs_made_up_by_anyone',
        isUserLoading: false,
        isSignedIn: false,
        session: notAsked,
      }),
    ).toEqual({ kind: 'no-payment' });
  });

  it("claims no payment for a session the server does not give this user (someone else's, made up)", () => {
    expect(paymentSuccessView(signedIn({ data: undefined, isError: true }))).toEqual({
      kind: 'no-payment',
    });
  });

  it('claims no payment without a session id, or for an expired checkout', () => {
    expect(paymentSuccessView(signedIn(notAsked, null))).toEqual({ kind: 'no-payment' });
    expect(paymentSuccessView(signedIn({ data: session('expired'), isError: false }))).toEqual({
      kind: 'no-payment',
    });
  });

  it("waits for the provider's confirmation of the user's own unpaid checkout", () => {
    expect(paymentSuccessView(signedIn({ data: session('open'), isError: false }))).toEqual({
      kind: 'confirming',
    });
  });

  it("shows the payment only for the signed-in user's own paid checkout", () => {
    const paid = session('paid');
    expect(paymentSuccessView(signedIn({ data: paid, isError: false }))).toEqual({
      kind: 'paid',
      session: paid,
    });
  });

  it('says nothing yet while the user or the session is still being read', () => {
    expect(
      paymentSuccessView({
        sessionId: 'cs_local_0123456789abcdef',
        isUserLoading: true,
        isSignedIn: false,
        session: notAsked,
      }),
    ).toEqual({ kind: 'checking' });
    expect(paymentSuccessView(signedIn(notAsked))).toEqual({ kind: 'checking' });
  });
});
