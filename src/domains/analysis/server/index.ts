/**
 * The analysis room's server front door (issue 15): commercial analysis computed from the film
 * market data, the platform's own activity and the listing, every figure with its basis.
 * Analysis depends on listings (it reads listings and writes viability scores through the
 * listings front door) and membership (the premium gate); neither depends on analysis.
 */
import type { FastifyInstance } from 'fastify';
import type { RoomModule } from '@/server/room-module';
import type { Job } from '@/server/jobs/job-runner';
import { analysisRoutes } from './analysis.routes';
import { catchUpAnalyses, processAnalysisWork } from './recompute-analyses';

/** The job reads the catalogue-wide activity per genre at most this often (issue 33). */
const GENRE_ACTIVITY_MAX_AGE_MS = 5 * 60_000;

function analysisJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'analysis:recompute',
      // Each tick works for at most 2 s in slices that each yield every 10 listings.
      intervalMs: 5_000,
      run: () => processAnalysisWork(app.db, { activityMaxAgeMs: GENRE_ACTIVITY_MAX_AGE_MS }),
      // Right after start: every listing gets the engine's score (the seed writes none, and an
      // older engine version's are stale) within a minute, ticking back to back until done.
      atStart: () => catchUpAnalyses(app.db, { activityMaxAgeMs: GENRE_ACTIVITY_MAX_AGE_MS }),
    },
  ];
}

export const analysisRoom: RoomModule = {
  name: 'analysis',
  routes: analysisRoutes,
  jobs: analysisJobs,
};

export { catchUpAnalyses, processAnalysisWork, queueRecompute } from './recompute-analyses';
/** For whole-app tests that start from a fresh process's state (src/app/server). */
export { restartStaleSweep } from './refresh-stale-analyses';
export { refreshAnalyses } from './refresh-analyses';
