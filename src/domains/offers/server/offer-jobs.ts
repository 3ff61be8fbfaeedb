import type { FastifyInstance } from 'fastify';
import type { Job } from '@/server/jobs/job-runner';
import type { OfferDeps } from './offer-deps';
import { expireOfferDeadlines, remindOfferDeadlines } from './process-offer-deadlines';
import { reconcileOffers } from './reconcile-offers';

/** What may still be in flight is left alone by the periodic reconciliation. */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000;

/** The offers room's scheduled work (its RoomModule's `jobs`). */
export function offerJobs(app: FastifyInstance): Job[] {
  const deps: OfferDeps = app;
  return [
    {
      name: 'offers:deadlines',
      intervalMs: 60 * 1000,
      run: async () => ({
        reminded: await remindOfferDeadlines(deps),
        expired: await expireOfferDeadlines(deps),
      }),
    },
    {
      name: 'offers:reconcile',
      intervalMs: 5 * 60 * 1000,
      run: () => reconcileOffers(deps, { olderThanMs: RECONCILE_GRACE_MS }),
      // Provider calls whose outcome the last run never saw (a crash, a timeout) are made
      // again with their own idempotency keys, and offers brought to the provider's truth.
      atStart: () => reconcileOffers(deps),
    },
  ];
}
