import { sql } from 'drizzle-orm';
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
import { listings } from '@/domains/listings/server/listings.tables';
import { OPEN_OFFER_STATUSES, type OfferStatus } from '../offers.constants';

/** `status in ('a', 'b')` as literal SQL: an index predicate cannot take parameters. */
const statusIn = (statuses: readonly OfferStatus[]) =>
  sql.raw(`status in (${statuses.map((status) => `'${status}'`).join(', ')})`);

/** Uploaded proposal decks; the file itself lives in the Storage port under storageKey. */
export const decks = pgTable(
  'decks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decks_owner_idx').on(t.ownerId)],
);

/** An option offer and its card hold; its statuses and their life: OFFER_STATUSES. */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerPricePence: integer('offer_price_pence').notNull(),
    optionPeriod: integer('option_period_months').notNull(),
    extraRightsRequest: text('extra_rights_request'),
    fundCompetition: boolean('fund_competition').notNull().default(false),
    fundNotes: text('fund_notes'),
    deckId: integer('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    deckFileUrl: text('deck_file_url'),
    status: text('status').$type<OfferStatus>().notNull().default('awaiting_payment'),
    /** The client's Idempotency-Key header: a repeated submission creates nothing new. */
    requestKey: text('request_key'),
    paymentProvider: text('payment_provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** Bumped on each renewal so each hold gets its own provider idempotency keys. */
    holdVersion: integer('hold_version').notNull().default(1),
    /** When the hold was (last) authorised: the offer reached the agent. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    responseDeadline: timestamp('response_deadline', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    rejectionReason: text('rejection_reason'),
    lastPaymentError: text('last_payment_error'),
    signedOptionUrl: text('signed_option_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_listing_idx').on(t.listingId, t.status),
    index('offers_producer_idx').on(t.producerId, t.createdAt),
    index('offers_deadline_idx').on(t.status, t.responseDeadline),
    uniqueIndex('offers_provider_payment_key').on(t.providerPaymentId),
    uniqueIndex('offers_request_key').on(t.producerId, t.requestKey),
    // One open offer per producer per listing.
    uniqueIndex('offers_one_open_per_producer')
      .on(t.producerId, t.listingId)
      .where(statusIn(OPEN_OFFER_STATUSES)),
    // A listing is optioned once: at most one accepted offer.
    uniqueIndex('offers_one_accepted_per_listing')
      .on(t.listingId)
      .where(sql`status = 'accepted'`),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
