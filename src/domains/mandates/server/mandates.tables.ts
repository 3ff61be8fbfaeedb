import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/** What a premium producer is looking for (issue 35), open until a date or closed by them. */
export const mandates = pgTable(
  'mandates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media: text('media').array().notNull(),
    genres: text('genres').array().notNull(),
    /** The option fee's range, in whole pounds. */
    budgetMin: integer('budget_min').notNull(),
    budgetMax: integer('budget_max').notNull(),
    rights: text('rights').array().notNull(),
    territories: text('territories').array().notNull(),
    description: text('description').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    anonymousLabel: text('anonymous_label'),
    openUntil: date('open_until', { mode: 'string' }).notNull(),
    /** open | closed */
    status: text('status').notNull().default('open'),
    /** The description's vector by the recommendations room's model, for ranking by meaning. */
    embedding: jsonb('embedding').$type<number[]>(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('mandates_open_idx').on(t.status, t.openUntil),
    index('mandates_producer_idx').on(t.producerId),
  ],
);
export type MandateRow = typeof mandates.$inferSelect;

/** An agent's pitch of one listing to one mandate (once), and the producer's answer. */
export const mandatePitches = pgTable(
  'mandate_pitches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** sent | answered | declined */
    status: text('status').notNull().default('sent'),
    answer: text('answer'),
    /** The inbox conversation the answer opened (inbox room). */
    threadId: integer('thread_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mandate_pitches_once_key').on(t.mandateId, t.listingId),
    index('mandate_pitches_agent_idx').on(t.agentId, t.createdAt),
  ],
);
export type MandatePitchRow = typeof mandatePitches.$inferSelect;

/** A producer who no longer wants pitches from an agent. */
export const mandateMutes = pgTable(
  'mandate_mutes',
  {
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.producerId, t.agentId] })],
);

/** A new listing that fitted an open mandate: its producer was told once (bell and email). */
export const mandateListingNotices = pgTable(
  'mandate_listing_notices',
  {
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mandateId, t.listingId] })],
);
