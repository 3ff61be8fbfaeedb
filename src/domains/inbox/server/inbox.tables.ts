import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * Questions before an offer (decision 016): one thread per producer per listing, between that
 * producer and the listing's agent.
 */
export const dealThreads = pgTable(
  'deal_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    producerReadAt: timestamp('producer_read_at', { withTimezone: true }),
    agentReadAt: timestamp('agent_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_threads_listing_producer_key').on(t.listingId, t.producerId),
    index('deal_threads_agent_idx').on(t.agentId, t.lastMessageAt),
    index('deal_threads_producer_idx').on(t.producerId, t.lastMessageAt),
  ],
);
export type DealThreadRow = typeof dealThreads.$inferSelect;

export const dealMessages = pgTable(
  'deal_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => dealThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_messages_thread_idx').on(t.threadId, t.createdAt)],
);
export type DealMessageRow = typeof dealMessages.$inferSelect;

/** An agent who no longer wants questions from a producer. */
export const dealMutes = pgTable(
  'deal_mutes',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.producerId] })],
);
