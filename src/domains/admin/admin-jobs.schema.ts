import { z } from 'zod';

/** What the admin jobs page may filter its recent runs by. */
export const JOB_RUN_STATUSES = ['queued', 'running', 'retry', 'done', 'dead'] as const;

export const AdminJobsQuerySchema = z
  .object({
    status: z.enum(JOB_RUN_STATUSES, {
      error: `status must be one of ${JOB_RUN_STATUSES.join(', ')}`,
    }),
    job: z
      .string({ error: 'job must be a job name' })
      .trim()
      .min(1, { error: 'job must be a job name' })
      .max(100, { error: 'job must be at most 100 characters' })
      .regex(/^[a-z0-9:_-]+$/, {
        error: 'job must be a job name (lower-case letters, digits, ":", "-", "_")',
      }),
  })
  .partial()
  .strict();

export const JobQueueSchema = z.object({
  job: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  retrying: z.number().int(),
  done: z.number().int(),
  dead: z.number().int(),
  lastFinishedAt: z.string().nullable(),
});

export const JobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  status: z.enum(JOB_RUN_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  instance: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  runAfter: z.string(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const AdminJobsResponseSchema = z.object({
  queues: z.array(JobQueueSchema),
  runs: z.array(JobRunSchema),
  /** Mails in the outbox by status (queued, sending, retry, sent, dead, logged). */
  mail: z.record(z.string(), z.number().int()),
});

export type AdminJobsQuery = z.infer<typeof AdminJobsQuerySchema>;
export type AdminJobs = z.infer<typeof AdminJobsResponseSchema>;
export type JobRun = z.infer<typeof JobRunSchema>;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
