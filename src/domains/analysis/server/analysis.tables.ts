import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';

/**
 * One stored analysis per listing: the engine's answer for the inputs whose hash it keeps, so
 * it is recomputed only when the inputs (or the engine version) change, or on Refresh.
 */
export const listingAnalyses = pgTable(
  'listing_analyses',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    engineVersion: text('engine_version').notNull(),
    /** sha256 of the canonical JSON of every input the engine read. */
    inputHash: text('input_hash').notNull(),
    /** 0-100; null when the engine had too little data to score. */
    commercialScore: integer('commercial_score'),
    /** ok | failed */
    status: text('status').notNull().default('ok'),
    error: text('error'),
    /** The whole analysis (standard and enhanced views, every figure with its basis). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_analyses_score_idx').on(t.commercialScore),
    index('listing_analyses_version_idx').on(t.engineVersion),
  ],
);

/** A whole-catalogue recompute, run by a job in slices, with its progress for the admin page. */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The last listing id done: a restarted run resumes after it. */
    cursor: integer('cursor').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('analysis_runs_status_idx').on(t.status, t.createdAt)],
);
