import { eq } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { parseId } from '@/shared/ids';
import type { ProviderPayment } from '@/domains/payments/server';
import { applyMembershipPayment } from './apply-membership-payment';
import { membershipSubscriptions } from './subscriptions.tables';

/**
 * The payments room's handler for `metadata.kind = 'membership'`: called with the provider's
 * current truth after the local card form confirms (or a PaymentIntent webhook). Premium
 * starts only here, when the payment has succeeded; anything else changes nothing, so the
 * card can be tried again. Applying the same payment twice changes nothing twice.
 */
export async function syncMembershipPayment(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>,
  payment: ProviderPayment,
): Promise<void> {
  if (payment.status !== 'succeeded') return;
  const subscriptionId = parseId(payment.metadata.subscriptionId);
  if (subscriptionId === null) return;
  const [subscription] = await deps.db
    .select()
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.id, subscriptionId));
  // The payment must be for this member's subscription: metadata is ours, but check anyway.
  if (!subscription || String(subscription.userId) !== payment.metadata.userId) {
    deps.log.warn(
      { paymentId: payment.id, subscriptionId },
      'membership payment without its subscription',
    );
    return;
  }
  await applyMembershipPayment(deps, {
    subscriptionId,
    providerPaymentId: payment.id,
    amountPence: payment.amountPence,
    paidAt: new Date(),
    kind: payment.metadata.purpose === 'renewal' ? 'renewal' : 'initial',
    paymentMethodId: payment.paymentMethodId,
    customerId: payment.customerId,
    renewsLocally: subscription.provider === 'local',
  });
}
