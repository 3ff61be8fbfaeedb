import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The key of the accounts room's `users` table, named for this table's foreign key only
 * (drizzle-kit reads its table and column names; nothing queries it). The accounts room
 * defines and writes `users` (accounts.tables.ts); the platform imports no room.
 */
const usersId = () => pgTable('users', { id: integer('id') }).id;

/**
 * Sign-in sessions: the platform's table (the session plugin is its only writer). A row
 * belongs to a user and goes with them.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the random token in the cookie: a leaked table cannot be replayed. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull().references(usersId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
