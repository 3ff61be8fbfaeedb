/**
 * The enrichment room's server front door. The room looks listings up in Google Books,
 * YouTube and X (each behind a port, configured by its key), runs batches as jobs that
 * survive restarts and quota limits (decision 014), and writes what it finds into listings
 * through the listings front door; admin actions are audited through the admin front door.
 */
import type { Job } from '@/server/jobs/job-runner';
import type { RoomModule } from '@/server/room-module';
import type { EnrichmentDeps } from './enrichment-deps';
import { createEnrichmentServices } from './enrichment-services';
import { ENRICHMENT_RUNS_JOB, enrichmentRoutes } from './enrichment.routes';
import { processEnrichmentRuns } from './process-enrichment-runs';
import { queueNewListingsForBooks } from './start-enrichment-run';

export const enrichmentRoom: RoomModule = {
  name: 'enrichment',
  routes: enrichmentRoutes,
  jobs: (app): Job[] => {
    // On shutdown a run in progress goes back to the queue between two listings rather than
    // holding its claim until the lease lapses (decision 014).
    let isClosing = false;
    // preClose comes before every onClose hook, so before the job runner waits for its jobs.
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    const deps: EnrichmentDeps = {
      db: app.db,
      storage: app.storage,
      log: app.log,
      services: createEnrichmentServices(app.config),
    };
    return [
      {
        name: ENRICHMENT_RUNS_JOB,
        intervalMs: 5_000,
        run: () => processEnrichmentRuns(deps, { shouldStop: () => isClosing }),
      },
      {
        name: 'enrichment:queued-listings',
        intervalMs: 60_000,
        run: async () => ({ queued: await queueNewListingsForBooks(deps) }),
      },
    ];
  },
};
