import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';

/** A member's annual subscription: the saved card and where renewal stands. */
export const membershipSubscriptions = pgTable(
  'membership_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** incomplete | active | past_due | canceled | refunded */
    status: text('status').notNull().default('incomplete'),
    /** Local checkout session id or Stripe Checkout Session id (cs_...). */
    checkoutSessionId: text('checkout_session_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextRenewalAttemptAt: timestamp('next_renewal_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_subscriptions_session_key').on(t.checkoutSessionId),
    index('membership_subscriptions_user_idx').on(t.userId),
    index('membership_subscriptions_renewal_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** Every membership payment, with its VAT receipt figures. */
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => membershipSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** initial | renewal */
    kind: text('kind').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_payments_provider_key').on(t.providerPaymentId),
    uniqueIndex('membership_payments_receipt_key').on(t.receiptNumber),
    index('membership_payments_user_idx').on(t.userId),
  ],
);
