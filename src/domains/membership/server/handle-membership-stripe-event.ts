import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
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

/** The part of a verified event we trust: its type and the id of the object it is about. */
export interface StripeEventRef {
  type: string;
  objectId: string;
}

async function rowById(app: FastifyInstance, id: number | null): Promise<SubscriptionRow | null> {
  if (id === null) return null;
  const [row] = await app.db
    .select()
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.id, id));
  return row ?? null;
}

/** Our row for a Stripe subscription (its metadata names it), when it is a membership. */
async function rowForSubscription(
  app: FastifyInstance,
  subscription: Stripe.Subscription,
): Promise<SubscriptionRow | null> {
  if (subscription.metadata?.kind !== 'membership') return null;
  return rowById(app, subscriptionRowId(subscription));
}

/** A paid invoice is a paid year: record it (once) and extend premium to its period end. */
async function applyPaidInvoice(
  app: FastifyInstance,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
): Promise<void> {
  if (invoice.status !== 'paid') return;
  const paidAt = invoice.status_transitions?.paid_at;
  await applyMembershipPayment(app, {
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
  app: FastifyInstance,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
): Promise<void> {
  const periodEnd = row.currentPeriodEnd ?? new Date();
  const deadline = retryDeadline(periodEnd);
  const reason = 'Your card was declined.';
  const mail = await app.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
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
      await tx
        .update(users)
        .set({ premiumExpiresAt: deadline, updatedAt: sql`now()` })
        .where(eq(users.id, row.userId));
    }
    // The member hears once per failed invoice, not on each of Stripe's retries.
    return row.status === 'active'
      ? {
          to: user.email,
          ...renewalFailedMail({
            publicUrl: app.config.publicUrl,
            firstName: user.firstName,
            reason: invoice.last_finalization_error?.message ?? reason,
            retryUntil: deadline,
          }),
        }
      : null;
  });
  if (mail) await app.mailer.send(mail);
}

/**
 * Applies one verified Stripe event about a Premium subscription. Like every payment
 * webhook here it trusts only the event's type and object id: it reads the current truth
 * from Stripe and applies that, so duplicated, late or out-of-order events change nothing
 * twice. Returns false when the event is not about a membership.
 */
export async function handleMembershipStripeEvent(
  app: FastifyInstance,
  { type, objectId }: StripeEventRef,
): Promise<boolean> {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await retrieveCheckoutSession(app, objectId);
      if (session.mode !== 'subscription' || session.metadata?.kind !== 'membership') return false;
      const subscriptionId = stripeId(session.subscription);
      if (session.payment_status !== 'paid' || !subscriptionId) return true;
      const subscription = await retrieveSubscription(app, subscriptionId);
      const row =
        (await rowForSubscription(app, subscription)) ??
        (await rowById(app, Number(session.metadata.subscriptionId) || null));
      const invoiceId = stripeId(session.invoice) ?? stripeId(subscription.latest_invoice);
      if (!row || !invoiceId) return true;
      await applyPaidInvoice(app, row, await retrieveInvoice(app, invoiceId), subscription);
      return true;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = await retrieveInvoice(app, objectId);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return false;
      const subscription = await retrieveSubscription(app, subscriptionId);
      const row = await rowForSubscription(app, subscription);
      if (!row) return false;
      if (invoice.status === 'paid') {
        await applyPaidInvoice(app, row, invoice, subscription);
      } else if (
        type === 'invoice.payment_failed' &&
        invoice.billing_reason === 'subscription_cycle'
      ) {
        await markPastDue(app, row, invoice);
      }
      return true;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await retrieveSubscription(app, objectId);
      const row = await rowForSubscription(app, subscription);
      if (!row) return false;
      if (subscription.status === 'canceled') {
        const reason =
          subscription.cancellation_details?.reason === 'payment_failed'
            ? 'payment_failed'
            : subscription.cancel_at_period_end
              ? 'not_renewed'
              : 'canceled';
        await endMembership(app, row, reason);
        return true;
      }
      // Renewal turned off or on (here, or in Stripe's customer portal).
      const autoRenew = !subscription.cancel_at_period_end;
      await app.db.transaction(async (tx) => {
        await tx
          .update(membershipSubscriptions)
          .set({ autoRenew, updatedAt: sql`now()` })
          .where(eq(membershipSubscriptions.id, row.id));
        await tx
          .update(users)
          .set({ premiumAutoRenew: autoRenew, updatedAt: sql`now()` })
          .where(eq(users.id, row.userId));
      });
      return true;
    }
    default:
      return false;
  }
}
