import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { penceToPounds } from '@/shared/money';
import { PREMIUM_PRICE } from '../membership.constants';
import type { CheckoutSession, PremiumPrice } from '../membership.schema';
import { findInitialPaymentId } from './find-initial-payment';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

/** An unpaid checkout can be paid for this long (as a Stripe Checkout Session). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const premiumPrice = (): PremiumPrice => ({
  net: penceToPounds(PREMIUM_PRICE.netPence),
  vat: penceToPounds(PREMIUM_PRICE.vatPence),
  gross: penceToPounds(PREMIUM_PRICE.grossPence),
  vatRatePercent: PREMIUM_PRICE.vatRatePercent,
});

export interface GetCheckoutSessionOptions {
  userId: number;
  sessionId: string;
  now: Date;
}

/**
 * The in-app checkout page's session (local provider): its state and the client secret
 * the card form confirms. Only its owner may read it; anyone else gets 404.
 */
export async function getCheckoutSession(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  { userId, sessionId, now }: GetCheckoutSessionOptions,
): Promise<CheckoutSession> {
  const [subscription] = await deps.db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.checkoutSessionId, sessionId),
        eq(membershipSubscriptions.userId, userId),
      ),
    );
  if (!subscription) throw new AppError('NOT_FOUND', 'Checkout not found');

  const [paid] = await deps.db
    .select({ id: membershipPayments.id })
    .from(membershipPayments)
    .where(eq(membershipPayments.subscriptionId, subscription.id))
    .limit(1);
  const base = { sessionId, price: premiumPrice() };
  if (paid) return { ...base, status: 'paid', clientSecret: null };

  const isOpen =
    subscription.status === 'incomplete' &&
    now.getTime() - subscription.createdAt.getTime() < CHECKOUT_LIFETIME_MS;
  if (!isOpen) return { ...base, status: 'expired', clientSecret: null };
  // A Stripe checkout is paid on Stripe's hosted page: there is no secret to hand out.
  if (subscription.provider !== 'local') return { ...base, status: 'open', clientSecret: null };
  const paymentId = await findInitialPaymentId(deps.db, subscription.id);
  if (!paymentId) return { ...base, status: 'expired', clientSecret: null };
  const payment = await deps.payments.retrievePayment(paymentId);
  return { ...base, status: 'open', clientSecret: payment.clientSecret };
}
