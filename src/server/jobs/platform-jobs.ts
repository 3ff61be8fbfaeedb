import type { FastifyInstance } from 'fastify';
import type { Job } from './job-runner';
import { pruneJobHistory } from './job-queue';

/** The platform's own scheduled work, run through the same queue as the rooms' jobs. */
export function platformJobs(app: FastifyInstance): Job[] {
  return [
    {
      // Mails whose first attempt failed (or whose sender died) are retried after a backoff.
      name: 'mail:outbox',
      intervalMs: 10_000,
      run: () => app.mailer.deliverDue(),
    },
    {
      name: 'jobs:prune-history',
      intervalMs: 60 * 60 * 1000,
      run: async () => ({ pruned: await pruneJobHistory(app.db) }),
    },
  ];
}
