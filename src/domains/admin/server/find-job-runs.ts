import type { Database } from '@/server/db/client';
import { jobQueueSummary, recentJobRuns } from '@/server/jobs/job-queue';
import { mailOutboxSummary } from '@/server/mail/mailer';
import type { AdminJobs, AdminJobsQuery, JobRunStatus } from '../admin-jobs.schema';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The admin jobs page: each queue's runs by status, the newest 100 runs (of one job or
 * status when asked) and the mail outbox by status. Read from the platform's queue tables
 * through its own functions; nothing here writes.
 */
export async function findJobRuns(db: Database, query: AdminJobsQuery): Promise<AdminJobs> {
  const [queues, runs, mail] = await Promise.all([
    jobQueueSummary(db),
    recentJobRuns(db, { job: query.job, status: query.status, limit: 100 }),
    mailOutboxSummary(db),
  ]);
  return {
    queues: queues.map((queue) => ({
      ...queue,
      queued: Number(queue.queued),
      running: Number(queue.running),
      retrying: Number(queue.retrying),
      done: Number(queue.done),
      dead: Number(queue.dead),
      lastFinishedAt: iso(queue.lastFinishedAt),
    })),
    runs: runs.map((run) => ({
      id: run.id,
      job: run.job,
      status: run.status as JobRunStatus,
      attempts: run.attempts,
      maxAttempts: run.maxAttempts,
      instance: run.lockedBy,
      startedAt: iso(run.startedAt),
      finishedAt: iso(run.finishedAt),
      runAfter: run.runAfter.toISOString(),
      durationMs: run.durationMs,
      error: run.error,
    })),
    mail,
  };
}
