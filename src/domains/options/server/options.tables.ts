import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import type { OptionPaymentAction, OptionPaymentMethod } from '../options.constants';

/**
 * An option running after its agreement was sealed (issue 34, decision 024): the terms the
 * parties agreed for its end, copied from the agreed term sheet at the seal so they never
 * drift. Its hold on the cells is the rights room's grant (`grantId`): the grant's startsAt /
 * endsAt / status are the truth of the term; `endsAt` here mirrors it for the reminders' scan
 * and is moved in the same transaction as the grant.
 */
export const options = pgTable(
  'options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The rights room's grant (no cross-room key: the rights room sits below this one). */
    grantId: integer('grant_id').notNull(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seal of the agreement: the option's clock starts here. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    optionPeriodMonths: integer('option_period_months').notNull(),
    extensionMonths: integer('extension_months').notNull().default(0),
    extensionFeePence: integer('extension_fee_pence'),
    extensionsTaken: integer('extensions_taken').notNull().default(0),
    /** A fixed purchase price; null when the terms named a percentage (the admin records it). */
    purchasePricePence: integer('purchase_price_pence'),
    /** The producer gave notice of exercise: the purchase price is due. */
    exerciseNoticeAt: timestamp('exercise_notice_at', { withTimezone: true }),
    exercisedAt: timestamp('exercised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('options_offer_key').on(t.offerId),
    uniqueIndex('options_grant_key').on(t.grantId),
    index('options_producer_idx').on(t.producerId),
    index('options_listing_idx').on(t.listingId),
    index('options_ends_idx')
      .on(t.endsAt)
      .where(sql`exercised_at is null`),
  ],
);
export type OptionRow = typeof options.$inferSelect;

/**
 * One extension or purchase payment (issue 34): unique per option, action and version, so a
 * second click, a retry or a second instance finds the same row and the same idempotency keys
 * (`option:<id>:<action>:<version>:<call>`). A card payment is authorised and captured through
 * the payments room (ledgered); a purchase above the card maximum is recorded as paid by bank
 * transfer by an admin (audited). `appliedAt` is when its effect (the end moved, the part sold)
 * committed; the notice is then sealed, stored and filed, each step stamped so the
 * reconciliation job finishes whatever a crash left.
 */
export const optionPayments = pgTable(
  'option_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    optionId: integer('option_id')
      .notNull()
      .references((): AnyPgColumn => options.id, { onDelete: 'cascade' }),
    action: text('action').$type<OptionPaymentAction>().notNull(),
    version: integer('version').notNull(),
    method: text('method').$type<OptionPaymentMethod>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** The end date before and after an extension (what the notice states). */
    previousEndsAt: timestamp('previous_ends_at', { withTimezone: true }),
    newEndsAt: timestamp('new_ends_at', { withTimezone: true }),
    /** Bank transfer: the admin who recorded it and the transfer's reference. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    bankReference: text('bank_reference'),
    noticeStorageKey: text('notice_storage_key'),
    noticeSha256: text('notice_sha256'),
    noticeSizeBytes: integer('notice_size_bytes'),
    noticeSignedAt: timestamp('notice_signed_at', { withTimezone: true }),
    signerCertSha256: text('signer_cert_sha256'),
    chainDocumentId: integer('chain_document_id'),
    chainFiledAt: timestamp('chain_filed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('option_payments_once').on(t.optionId, t.action, t.version),
    index('option_payments_notice_idx').on(t.noticeSha256),
  ],
);
export type OptionPaymentRow = typeof optionPayments.$inferSelect;

/**
 * Reminders sent (issue 34): one row per option, threshold and end date, inserted before the
 * bell and the mail in the same transaction, so across instances and restarts each is sent
 * once. An extension moves the end, which arms the thresholds again for the new end.
 */
export const optionReminders = pgTable(
  'option_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    optionId: integer('option_id')
      .notNull()
      .references((): AnyPgColumn => options.id, { onDelete: 'cascade' }),
    thresholdDays: integer('threshold_days').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('option_reminders_once').on(t.optionId, t.thresholdDays, t.endsAt)],
);
export type OptionReminderRow = typeof optionReminders.$inferSelect;
