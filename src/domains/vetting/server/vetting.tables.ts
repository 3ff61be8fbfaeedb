import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Credit } from '../vetting.schema';

/**
 * A producer's verification application (issue 35): one row per producer, replaced when they
 * apply again after a rejection. `approved` is what makes them a verified producer.
 */
export const producerApplications = pgTable(
  'producer_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    role: text('role').notNull(),
    website: text('website').notNull(),
    credits: jsonb('credits').$type<Credit[]>().notNull(),
    reference: text('reference').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    notes: text('notes'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('producer_applications_user_key').on(t.userId),
    index('producer_applications_status_idx').on(t.status, t.submittedAt),
  ],
);
export type ProducerApplicationRow = typeof producerApplications.$inferSelect;

/** A listing whose agent accepts offers only from verified producers (absent: anyone). */
export const listingOfferPolicies = pgTable('listing_offer_policies', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  verifiedOnly: boolean('verified_only').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
