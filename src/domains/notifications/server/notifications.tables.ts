import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';

/** In-app notifications (the header's bell): a saved search matched, a message arrived... */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** saved_search_match | ... */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** A path inside the app (never an outside URL). */
    url: text('url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt)],
);
