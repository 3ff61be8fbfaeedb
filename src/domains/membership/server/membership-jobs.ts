import type { FastifyInstance } from 'fastify';
import type { Job } from '@/server/jobs/job-runner';
import { renewMemberships } from './renew-memberships';

/** The membership room's scheduled work (its RoomModule's `jobs`). */
export function membershipJobs(app: FastifyInstance): Job[] {
  return [
    {
      // Local-provider renewals, retries and expiries; Stripe renews its own subscriptions.
      name: 'membership:renewals',
      intervalMs: 15 * 60 * 1000,
      run: () => renewMemberships(app, { now: new Date() }),
    },
  ];
}
