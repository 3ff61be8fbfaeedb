import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * A batch of enrichment against one outside service, run by a job (claimed with SKIP LOCKED,
 * so several instances are safe). A run waiting for a quota to reset keeps `resumeAt`; a run
 * cut off by a restart is picked up again from the listings it has no result for.
 */
export const enrichmentRuns = pgTable(
  'enrichment_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** youtube | twitter | google_books */
    source: text('source').notNull(),
    /** queued | running | waiting_quota | done | failed */
    status: text('status').notNull().default('queued'),
    batchSize: integer('batch_size').notNull(),
    /** The listings chosen for this run, in order (a batch is at most 20). */
    listingIds: integer('listing_ids').array().notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Apply found data without review (Google Books batch with autoApply). */
    autoApply: boolean('auto_apply').notNull().default(false),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a quota or rate limit resets: the job leaves the run alone until then. */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    /** A claim that lapses: an instance that died mid-run lets another take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('enrichment_runs_status_idx').on(t.source, t.status, t.createdAt)],
);

/** What one run found (or failed to find) for one listing. */
export const enrichmentResults = pgTable(
  'enrichment_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id').references(() => enrichmentRuns.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** enriched | no_match | ambiguous | error | skipped */
    status: text('status').notNull(),
    message: text('message'),
    /** The service's figures as applied (or suggested), with the date they were read. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrichment_results_run_idx').on(t.runId, t.listingId),
    index('enrichment_results_listing_idx').on(t.listingId, t.source, t.createdAt),
  ],
);
