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
import type { Exclusivity, Right } from '@/domains/listings/listings.constants';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  OPEN_OFFER_STATUSES,
  type OfferStatus,
  type TermKind,
  type TermParty,
} from '../offers.constants';

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
    /**
     * The offer's amount, the option fee, in pence: one name from column to screen (issue 26).
     * The API answers it as `offerPrice`, pounds as a string (spec); the term sheet's versions
     * and the agreement carry the same name. A payment's `amountPence` (payments room) is what
     * a charge or hold moves at the provider, a different thing that happens to equal it.
     */
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
    /** The term sheet's current version (offer_terms.version); 1 until someone counters. */
    termsVersion: integer('terms_version').notNull().default(1),
    /** When the current hold lapses at the provider (null for holds authorised before 016). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * While 'reauthorising': the hold that still backs the offer until the new one (holdVersion)
     * is authorised; it is released only then, and these are cleared (decision 016).
     */
    prevHoldVersion: integer('prev_hold_version'),
    prevPaymentId: text('prev_payment_id'),
    /** The previous hold's offer price (SQL column keeps its first name). */
    prevOfferPricePence: integer('prev_hold_price_pence'),
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
    // Several offers on one listing may be accepted, each for its own cells of the rights
    // grid: the rights room's unique index on live cells keeps them apart (issue 29).
  ],
);

export type OfferRow = typeof offers.$inferSelect;

/**
 * Every version of an offer's term sheet, kept forever (decision 016). Version 1 is the
 * producer's offer (written when the first counter is made); each counter, and each answer to
 * one, adds the next version in the same transaction as the offer's new state.
 */
export const offerTerms = pgTable(
  'offer_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    proposedBy: text('proposed_by').$type<TermParty>().notNull(),
    kind: text('kind').$type<TermKind>().notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** This version's offer price (option fee); the SQL column keeps its first name. */
    offerPricePence: integer('price_pence').notNull(),
    optionPeriod: integer('option_period_months').notNull(),
    purchasePricePence: integer('purchase_price_pence'),
    extensionMonths: integer('extension_months').notNull().default(0),
    extensionFeePence: integer('extension_fee_pence'),
    /**
     * Rights as data (decision 016, issue 28): the media (the listing form's RIGHTS values)
     * and the territories, each a subset of what the listing offers. Never prose.
     */
    territories: text('territory').array().notNull(),
    media: text('media').array().$type<Right[]>().notNull(),
    /**
     * The purchase price on exercise: a sum (purchase_price_pence), or a percentage of the
     * production budget in basis points (150 = 1.5%) with an optional floor and cap.
     */
    purchasePricePercentBp: integer('purchase_price_percent_bp'),
    purchasePriceFloorPence: integer('purchase_price_floor_pence'),
    purchasePriceCapPence: integer('purchase_price_cap_pence'),
    exclusivity: text('exclusivity').$type<Exclusivity>(),
    credit: text('credit'),
    extraRightsRequest: text('extra_rights_request'),
    fundCompetition: boolean('fund_competition').notNull().default(false),
    fundNotes: text('fund_notes'),
    /**
     * The note sent with this version: a message of the negotiation, shown in the thread and
     * the history, never a term and never a clause of the agreement.
     */
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offer_terms_version_key').on(t.offerId, t.version)],
);
export type OfferTermsRow = typeof offerTerms.$inferSelect;
