/**
 * The mandates room's server front door (issue 35, decision 022): what premium producers are
 * looking for, matching listings to mandates both ways (by meaning through the recommendations
 * room, and by the hard fields), agents' pitches and producers' mutes, and the job that tells a
 * producer once when a new listing fits. Only this room writes `mandates`, `mandate_pitches`,
 * `mandate_mutes` and `mandate_listing_notices`.
 */
import type { RoomModule } from '@/server/room-module';
import { mandatesRoutes } from './mandates.routes';
import { notifyMandateMatches } from './notify-mandate-matches';

/** Overlap between passes, so a listing saved during a pass is still seen by the next. */
const OVERLAP_MS = 60_000;

export const mandatesRoom: RoomModule = {
  name: 'mandates',
  routes: mandatesRoutes,
  jobs: (app) => {
    let since = new Date(Date.now() - OVERLAP_MS);
    return [
      {
        name: 'notify-mandate-matches',
        intervalMs: 15_000,
        run: async () => {
          const startedAt = new Date(Date.now() - OVERLAP_MS);
          const notified = await notifyMandateMatches(app, since);
          since = startedAt;
          return { notified };
        },
      },
    ];
  },
};

export { notifyMandateMatches };
export { fitsHardFields, mandateText, scoreFit } from './mandate-fit';
export {
  evaluateMandates,
  makeMandates,
  type MandateQualityListing,
  type MandateQualityReport,
  type MandateWording,
} from './mandate-quality';
