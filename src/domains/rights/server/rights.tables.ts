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
import type { Right } from '@/domains/listings/listings.constants';
import { listings } from '@/domains/listings/server/listings.tables';
import type { GrantStatus } from '../rights.constants';

/**
 * One accepted deal's hold on part of a listing's rights (issue 29): the option from its
 * acceptance (`startsAt`) to `endsAt` (moved by an extension, issue 34), then sold on
 * exercise or lapsed at the end. `offerId` is the deal that made it; no foreign key, because
 * the rights room sits below offers (offers calls it inside the acceptance's transaction).
 */
export const rightsGrants = pgTable(
  'rights_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Null: recorded before issue 29 without a deal on the platform (optioned elsewhere). */
    offerId: integer('offer_id'),
    producerId: integer('producer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<GrantStatus>().notNull().default('optioned'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null only for an option recorded without a deal here, whose end we were never told. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When it became sold (exercise paid) or lapsed (reverted to available). */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rights_grants_offer_key').on(t.offerId),
    index('rights_grants_listing_idx').on(t.listingId, t.status),
    // The reversion job's scan: optioned grants by end date.
    index('rights_grants_due_idx')
      .on(t.endsAt)
      .where(sql`status = 'optioned'`),
  ],
);
export type RightsGrantRow = typeof rightsGrants.$inferSelect;

/** The cells a grant holds; `live` while the grant is optioned or sold. */
export const rightsGrantCells = pgTable(
  'rights_grant_cells',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => rightsGrants.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    media: text('media').$type<Right>().notNull(),
    /** As the listing spells it (shown on screens and in the agreement). */
    territory: text('territory').notNull(),
    /** lower(trim(territory)): the square's identity (cellKeyOf). */
    territoryKey: text('territory_key').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    index('rights_grant_cells_grant_idx').on(t.grantId),
    // The invariant: two live deals never hold the same square of one listing.
    uniqueIndex('rights_grant_cells_one_live')
      .on(t.listingId, t.media, t.territoryKey)
      .where(sql`live`),
  ],
);
export type RightsGrantCellRow = typeof rightsGrantCells.$inferSelect;
