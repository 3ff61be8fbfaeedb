import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';

/**
 * Every call to a payment provider, recorded BEFORE the call with our own idempotency key
 * and completed after it. A pending row found at start-up is a call whose outcome we never
 * saw (crash, timeout): it is retried with the same key, so it can never act twice.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** authorise | capture | release | charge | refund */
    operation: text('operation').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** What the money is for: 'offer:12', 'membership:7'. */
    subject: text('subject').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerPaymentId: text('provider_payment_id'),
    /** pending | succeeded | failed */
    outcome: text('outcome').notNull().default('pending'),
    resultStatus: text('result_status'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_ledger_key').on(t.idempotencyKey),
    index('payment_ledger_subject_idx').on(t.subject),
    index('payment_ledger_outcome_idx').on(t.outcome),
    // Reconciliation looks up every call about one payment (has its hold been settled?).
    index('payment_ledger_payment_idx').on(t.providerPaymentId),
  ],
);

/**
 * The local provider's own books: what Stripe would hold on its side. Only the `local`
 * adapter reads and writes this table.
 */
export const localPaymentIntents = pgTable(
  'local_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    /** manual (authorise, capture later) | automatic (charge now) */
    captureMethod: text('capture_method').notNull(),
    /** requires_payment_method | requires_capture | succeeded | canceled */
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    description: text('description'),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    cardLast4: text('card_last4'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    cancellationReason: text('cancellation_reason'),
    amountRefundedPence: integer('amount_refunded_pence').notNull().default(0),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_payment_intents_secret_key').on(t.clientSecret)],
);

/** Idempotent replays for the local provider: same key, same answer (as Stripe does). */
export const localProviderRequests = pgTable('local_provider_requests', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  operation: text('operation').notNull(),
  response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied: a duplicate delivery changes nothing twice. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
