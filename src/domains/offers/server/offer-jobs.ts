import type { FastifyInstance } from 'fastify';
import type { Job } from '@/server/jobs/job-runner';
import { expireOfferDeadlines, remindOfferDeadlines } from './process-offer-deadlines';
import { reconcileOffers } from './reconcile-offers';

/** What may still be in flight is left alone by the periodic reconciliation. */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000;

/** The offers room's scheduled work (listed in app.ts). */
export function offerJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'offers:deadlines',
      intervalMs: 60 * 1000,
      run: async () => ({
        reminded: await remindOfferDeadlines(app),
        expired: await expireOfferDeadlines(app),
      }),
    },
    {
      name: 'offers:reconcile',
      intervalMs: 5 * 60 * 1000,
      run: () => reconcileOffers(app, { olderThanMs: RECONCILE_GRACE_MS }),
    },
  ];
}
