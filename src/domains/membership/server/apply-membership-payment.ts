import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { getUserForUpdate, updatePremiumState } from '@/domains/accounts/server';
import { PREMIUM_PERIOD_YEARS, PREMIUM_PRICE } from '../membership.constants';
import { membershipReceiptMail } from './membership-mails';
import { membershipPayments, membershipSubscriptions } from './subscriptions.tables';

export interface ApplyMembershipPaymentInput {
  /** Our membership_subscriptions id. */
  subscriptionId: number;
  /** The provider's id of the money received (PaymentIntent id): one receipt per id. */
  providerPaymentId: string;
  amountPence: number;
  paidAt: Date;
  kind: 'initial' | 'renewal';
  /** The paid service period when the provider says it (Stripe); else a year is added. */
  period?: { start: Date; end: Date };
  paymentMethodId?: string | null;
  customerId?: string | null;
  providerSubscriptionId?: string | null;
  /** Whether our renewal job charges this subscription (local) or the provider does (Stripe). */
  renewsLocally: boolean;
}

export interface AppliedMembershipPayment {
  /** False when this payment was already applied (a duplicate or late notification). */
  isNew: boolean;
  receiptNumber: string;
  premiumExpiresAt: Date;
}

export function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

const maxDate = (a: Date, b: Date | null) => (b && b > a ? b : a);

/** 'PTS-2026-000123': the year paid and the payment's number, unique and gap-tolerant. */
export const receiptNumberFor = (id: number, paidAt: Date) =>
  `PTS-${paidAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

/** VAT inside a VAT-inclusive gross amount at the standard rate, to the penny. */
export function splitVat(grossPence: number): { netPence: number; vatPence: number } {
  const rate = PREMIUM_PRICE.vatRatePercent;
  const vatPence = Math.round((grossPence * rate) / (100 + rate));
  return { netPence: grossPence - vatPence, vatPence };
}

/**
 * The only way premium starts or is extended by money: a successful payment the provider
 * confirmed. Records the payment with its receipt number, moves the subscription and the
 * user's premium year, then emails the VAT receipt. Idempotent: a payment already recorded
 * (same provider id) changes nothing and sends nothing.
 */
export async function applyMembershipPayment(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  input: ApplyMembershipPaymentInput,
): Promise<AppliedMembershipPayment | null> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: membershipSubscriptions.userId })
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.id, input.subscriptionId));
    if (!target) return null;
    // Lock order user → subscription everywhere, so concurrent writers cannot deadlock.
    const user = await getUserForUpdate(tx, target.userId);
    if (!user) return null;
    const [subscription] = await tx
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.id, input.subscriptionId))
      .for('update');

    const [existing] = await tx
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.providerPaymentId, input.providerPaymentId));
    if (existing) {
      return {
        isNew: false,
        receiptNumber: existing.receiptNumber,
        premiumExpiresAt: user.premiumExpiresAt ?? subscription.currentPeriodEnd ?? input.paidAt,
        mail: null,
      };
    }

    const now = input.paidAt;
    const isPaidUp =
      user.membershipTier === 'premium' &&
      user.premiumExpiresAt !== null &&
      user.premiumExpiresAt > now;
    // A renewal continues the paid year; a payment while already premium extends it.
    const start =
      input.period?.start ??
      (input.kind === 'renewal'
        ? (subscription.currentPeriodEnd ?? now)
        : isPaidUp
          ? user.premiumExpiresAt!
          : now);
    const end = input.period?.end ?? addYears(start, PREMIUM_PERIOD_YEARS);
    // A late notification of an older period never shortens the membership.
    const periodEnd = maxDate(end, subscription.currentPeriodEnd);
    const premiumExpiresAt = maxDate(periodEnd, isPaidUp ? user.premiumExpiresAt : null);
    const { netPence, vatPence } = splitVat(input.amountPence);

    const [payment] = await tx
      .insert(membershipPayments)
      .values({
        subscriptionId: subscription.id,
        userId: user.id,
        kind: input.kind,
        providerPaymentId: input.providerPaymentId,
        netPence,
        vatPence,
        grossPence: input.amountPence,
        // Replaced below once the row's number is known.
        receiptNumber: `pending-${input.providerPaymentId}`,
        paidAt: input.paidAt,
      })
      .returning({ id: membershipPayments.id });
    const receiptNumber = receiptNumberFor(payment.id, input.paidAt);
    await tx
      .update(membershipPayments)
      .set({ receiptNumber })
      .where(eq(membershipPayments.id, payment.id));

    await tx
      .update(membershipSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd,
        paymentMethodId: input.paymentMethodId ?? subscription.paymentMethodId,
        customerId: input.customerId ?? subscription.customerId,
        providerSubscriptionId: input.providerSubscriptionId ?? subscription.providerSubscriptionId,
        renewalAttempts: 0,
        renewalFailedAt: null,
        nextRenewalAttemptAt: input.renewsLocally ? periodEnd : null,
        updatedAt: sql`now()`,
      })
      .where(eq(membershipSubscriptions.id, subscription.id));
    await updatePremiumState(tx, user.id, {
      membershipTier: 'premium',
      premiumExpiresAt,
      premiumAutoRenew: subscription.autoRenew,
    });

    return {
      isNew: true,
      receiptNumber,
      premiumExpiresAt,
      mail: membershipReceiptMail({
        publicUrl: deps.config.publicUrl,
        vatNumber: deps.config.vatNumber,
        customer: user,
        receiptNumber,
        kind: input.kind,
        paidAt: input.paidAt,
        periodStart: start,
        periodEnd,
        netPence,
        vatPence,
        grossPence: input.amountPence,
        vatRatePercent: PREMIUM_PRICE.vatRatePercent,
      }),
      to: user.email,
    };
  });
  if (!outcome) return null;
  if (outcome.mail && 'to' in outcome) {
    await deps.mailer.send({ to: outcome.to, ...outcome.mail });
  }
  return {
    isNew: outcome.isNew,
    receiptNumber: outcome.receiptNumber,
    premiumExpiresAt: outcome.premiumExpiresAt,
  };
}
