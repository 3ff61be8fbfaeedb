import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The job queue (decision 021): one row per run of a named job, written only by the platform's
 * job runner. A scheduled job gets one row per period (`job`, `period`) for the whole cluster,
 * so whichever instance claims it first runs it and the others find nothing to do. The rows
 * stay for a while as the history the admin page and the cluster test read.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    /**
     * The period this run stands for: floor(epoch ms / interval) for a scheduled run; a
     * negative number for a run made on demand or at an instance's start (never shared).
     */
    period: bigint('period', { mode: 'number' }).notNull(),
    /** queued | running | retry | done | dead */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** When it may be claimed (now, or later after a failure: the backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The instance running it and until when its claim holds (renewed while it runs). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_runs_job_period_key').on(t.job, t.period),
    index('job_runs_due_idx').on(t.status, t.runAfter),
    index('job_runs_created_idx').on(t.createdAt),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;
