import {
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

/** A producer's saved catalogue search (its words and filters) and how they want alerts. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The catalogue query as the catalogue reads it: search words and every filter. */
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    /** immediate | daily | weekly | off */
    frequency: text('frequency').notNull().default('daily'),
    /** sha256 of the one-click unsubscribe token sent in emails. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    uniqueIndex('saved_searches_unsubscribe_key').on(t.unsubscribeTokenHash),
  ],
);

/** A newly published listing that matched a saved search; emailed once in a digest. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_unsent_idx').on(t.emailedAt),
  ],
);

/** Published listings waiting to be matched against saved searches by the job. */
export const savedSearchQueue = pgTable('saved_search_queue', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
