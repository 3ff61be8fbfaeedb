import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * Each listing's meaning as a 512-number vector (Universal Sentence Encoder Lite over title,
 * logline, synopsis, themes and genre). Stored as real[] so every PostgreSQL can hold it;
 * where the `vector` extension exists, start-up adds a generated vector column and an HNSW
 * index over it (decision 015), and queries use it; elsewhere a measured exact scan is used.
 */
export const listingEmbeddings = pgTable('listing_embeddings', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  /** sha256 of the text embedded: an unchanged listing is not embedded again. */
  contentHash: text('content_hash').notNull(),
  embedding: real('embedding').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'Commercially Viable' (5) or 'Not My Market' (1) on a recommendation, with optional words. */
export const recommendationFeedback = pgTable(
  'recommendation_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recommendation_feedback_user_idx').on(t.userId, t.createdAt)],
);

/** The taste profile a producer states or edits: genres, mediums and budget. */
export const tasteProfiles = pgTable('taste_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  genres: text('genres').array().notNull().default([]),
  mediums: text('mediums').array().notNull().default([]),
  budgetMinPence: integer('budget_min_pence'),
  budgetMaxPence: integer('budget_max_pence'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Progress of a producer's recommendation generation (any instance may serve the poll). */
export const recommendationProgress = pgTable('recommendation_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  percent: integer('percent').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Listings a producer has been shown, so a refresh can prefer fresh titles. */
export const recommendationImpressions = pgTable(
  'recommendation_impressions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);
