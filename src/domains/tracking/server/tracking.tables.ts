import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

export interface SearchFilters {
  genre?: string;
  medium?: string;
  priceRange?: string;
  commercialViability?: string;
}

export const searchEvents = pgTable(
  'search_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchQuery: text('search_query').notNull().default(''),
    filters: jsonb('filters').$type<SearchFilters>().notNull().default({}),
    resultsCount: integer('results_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_events_user_idx').on(t.userId, t.createdAt)],
);

export const activityEvents = pgTable(
  'activity_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** view | favorite_toggle | offer_click | share | download_materials */
    activityType: text('activity_type').notNull(),
    timeSpent: integer('time_spent_seconds'),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_events_user_idx').on(t.userId, t.createdAt),
    index('activity_events_listing_idx').on(t.listingId),
  ],
);
