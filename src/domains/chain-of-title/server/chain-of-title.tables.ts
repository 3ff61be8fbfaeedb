import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * The documents that prove who holds a listing's rights (rights agreements, assignments,
 * options and their lapse or reversion, copyright registrations). The PDF itself lives in
 * the Storage port under `storageKey`.
 */
export const chainOfTitleDocuments = pgTable(
  'chain_of_title_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** rights_agreement | assignment | option_agreement | option_lapse | reversion | copyright_registration | other */
    documentType: text('document_type').notNull(),
    title: text('title').notNull(),
    /** Who the document binds, as written on it. */
    parties: text('parties').array().notNull().default([]),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** When it ends (an option's expiry, an assignment's term), if it does. */
    expiryDate: date('expiry_date', { mode: 'string' }),
    notes: text('notes'),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What filed it when another room did (e.g. `offer-agreement:12`), unique so filing the
     * same thing twice files it once; null for admin uploads.
     */
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chain_of_title_listing_idx').on(t.listingId, t.effectiveDate),
    uniqueIndex('chain_of_title_source_key_idx').on(t.sourceKey),
  ],
);
