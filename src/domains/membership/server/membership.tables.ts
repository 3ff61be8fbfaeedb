import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * One row per (user, UK calendar month, listing) opened: the primary key makes a repeat
 * view free and lets the monthly limit be enforced atomically in the database.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in Europe/London */
    month: text('month').notNull(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month, t.listingId] }),
    // Views per listing (analysis inputs, agents' analytics) without scanning every view.
    index('listing_views_listing_idx').on(t.listingId),
  ],
);
