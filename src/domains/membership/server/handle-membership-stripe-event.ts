import type Stripe from 'stripe';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { parseId } from '@/shared/ids';
import { getUserForUpdate, updatePremiumState } from '@/domains/accounts/server';
import { applyMembershipPayment } from './apply-membership-payment';
import { endMembership } from './end-membership';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionRow } from './find-current-subscription';
import { renewalFailedMail } from './membership-mails';
import { retryDeadline } from './renew-memberships';
import {
  invoicePaymentIntentId,
  invoicePeriod,
  invoiceSubscriptionId,
  retrieveCheckoutSession,
  retrieveInvoice,
  retrieveSubscription,
  stripeId,
  subscriptionRowId,
} from './stripe-billing';
import { membershipSubscriptions } from './subscriptions.tables';

/** The Stripe Billing events the membership room acts on. */
export const MEMBERSHIP_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** What handling a Stripe Billing event needs (the app itself satisfies it). */
export type MembershipStripeEventDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'payments'>;

/** The part of a verified event we trust: its type and the id of the object it is about. */
export interface StripeEventRef {
  type: string;
  objectId: string;
}

async function rowById(
  deps: MembershipStripeEventDeps,
  id: number | null,
): Promise<SubscriptionRow | null> {
  if (id === null) return null;
  const [row] = await deps.db
    .select()
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.id, id));
  return row ?? null;
}

/** Our row for a Stripe subscription (its metadata names it), when it is a membership. */
async function rowForSubscription(
  deps: MembershipStripeEventDeps,
  subscription: Stripe.Subscription,
): Promise<SubscriptionRow | null> {
  if (subscription.metadata?.kind !== 'membership') return null;
  return rowById(deps, subscriptionRowId(subscription));
}

/** A paid invoice is a paid year: record it (once) and extend premium to its period end. */
async function applyPaidInvoice(
  deps: MembershipStripeEventDeps,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
): Promise<void> {
  if (invoice.status !== 'paid') return;
  const paidAt = invoice.status_transitions?.paid_at;
  await applyMembershipPayment(deps, {
    subscriptionId: row.id,
    // The PaymentIntent id when there is one (refunds need it); else the invoice's own id.
    providerPaymentId: invoicePaymentIntentId(invoice) ?? invoice.id,
    amountPence: invoice.amount_paid,
    paidAt: paidAt ? new Date(paidAt * 1000) : new Date(),
    kind: invoice.billing_reason === 'subscription_cycle' ? 'renewal' : 'initial',
    period: invoicePeriod(invoice, subscription),
    customerId: stripeId(subscription.customer),
    providerSubscriptionId: subscription.id,
    paymentMethodId: stripeId(subscription.default_payment_method),
    renewsLocally: false,
  });
}

/** Stripe could not take a renewal: past due, premium kept through the retry window. */
async function markPastDue(
  deps: MembershipStripeEventDeps,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
): Promise<void> {
  const periodEnd = row.currentPeriodEnd ?? new Date();
  const deadline = retryDeadline(periodEnd);
  const reason = 'Your card was declined.';
  const mail = await deps.db.transaction(async (tx) => {
    const user = await getUserForUpdate(tx, row.userId);
    if (!user) return null;
    const moved = await tx
      .update(membershipSubscriptions)
      .set({
        status: 'past_due',
        renewalAttempts: sql`${membershipSubscriptions.renewalAttempts} + 1`,
        renewalFailedAt: row.renewalFailedAt ?? new Date(),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(membershipSubscriptions.id, row.id),
          inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ id: membershipSubscriptions.id });
    if (moved.length === 0) return null;
    if (!user.premiumExpiresAt || user.premiumExpiresAt < deadline) {
      await updatePremiumState(tx, row.userId, { premiumExpiresAt: deadline });
    }
    // The member hears once per failed invoice, not on each of Stripe's retries.
    return row.status === 'active'
      ? {
          to: user.email,
          ...renewalFailedMail({
            publicUrl: deps.config.publicUrl,
            firstName: user.firstName,
            reason: invoice.last_finalization_error?.message ?? reason,
            retryUntil: deadline,
          }),
        }
      : null;
  });
  if (mail) await deps.mailer.send(mail);
}

/**
 * Applies one verified Stripe event about a Premium subscription. Like every payment
 * webhook here it trusts only the event's type and object id: it reads the current truth
 * from Stripe and applies that, so duplicated, late or out-of-order events change nothing
 * twice. Returns false when the event is not about a membership.
 */
export async function handleMembershipStripeEvent(
  deps: MembershipStripeEventDeps,
  { type, objectId }: StripeEventRef,
): Promise<boolean> {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await retrieveCheckoutSession(deps, objectId);
      if (session.mode !== 'subscription' || session.metadata?.kind !== 'membership') return false;
      const subscriptionId = stripeId(session.subscription);
      if (session.payment_status !== 'paid' || !subscriptionId) return true;
      const subscription = await retrieveSubscription(deps, subscriptionId);
      const row =
        (await rowForSubscription(deps, subscription)) ??
        (await rowById(deps, parseId(session.metadata.subscriptionId)));
      const invoiceId = stripeId(session.invoice) ?? stripeId(subscription.latest_invoice);
      if (!row || !invoiceId) return true;
      await applyPaidInvoice(deps, row, await retrieveInvoice(deps, invoiceId), subscription);
      return true;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = await retrieveInvoice(deps, objectId);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return false;
      const subscription = await retrieveSubscription(deps, subscriptionId);
      const row = await rowForSubscription(deps, subscription);
      if (!row) return false;
      if (invoice.status === 'paid') {
        await applyPaidInvoice(deps, row, invoice, subscription);
      } else if (
        type === 'invoice.payment_failed' &&
        invoice.billing_reason === 'subscription_cycle'
      ) {
        await markPastDue(deps, row, invoice);
      }
      return true;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await retrieveSubscription(deps, objectId);
      const row = await rowForSubscription(deps, subscription);
      if (!row) return false;
      if (subscription.status === 'canceled') {
        const reason =
          subscription.cancellation_details?.reason === 'payment_failed'
            ? 'payment_failed'
            : subscription.cancel_at_period_end
              ? 'not_renewed'
              : 'canceled';
        await endMembership(deps, row, reason);
        return true;
      }
      // Renewal turned off or on (here, or in Stripe's customer portal).
      const autoRenew = !subscription.cancel_at_period_end;
      await deps.db.transaction(async (tx) => {
        await tx
          .update(membershipSubscriptions)
          .set({ autoRenew, updatedAt: sql`now()` })
          .where(eq(membershipSubscriptions.id, row.id));
        await updatePremiumState(tx, row.userId, { premiumAutoRenew: autoRenew });
      });
      return true;
    }
    default:
      return false;
  }
}
