/**
 * The saved-searches room's server front door: saved catalogue searches, the job that
 * matches newly published listings against them (notifications at once, email digests by
 * the chosen frequency) and one-click unsubscribe. Only this room writes `saved_searches`,
 * `saved_search_matches` and `saved_search_queue`.
 */
import { eq } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import type { RoomModule } from '@/server/room-module';
import { enqueuePublishedListings, matchQueuedListings } from './match-saved-searches';
import { savedSearchesRoutes } from './saved-searches.routes';
import { savedSearches } from './saved-searches.tables';
import { sendSavedSearchDigests } from './send-saved-search-digests';

const MATCH_INTERVAL_MS = 15_000;
/** Overlap between passes, so a listing saved during a pass is still queued by the next. */
const OVERLAP_MS = 60_000;

export const savedSearchesRoom: RoomModule = {
  name: 'saved-searches',
  routes: savedSearchesRoutes,
  jobs: (app) => {
    let since = new Date(Date.now() - OVERLAP_MS);
    return [
      {
        name: 'match-saved-searches',
        intervalMs: MATCH_INTERVAL_MS,
        run: async () => {
          const startedAt = new Date(Date.now() - OVERLAP_MS);
          const queued = await enqueuePublishedListings(app.db, since);
          since = startedAt;
          let matched = 0;
          for (let batch = 0; batch < 20; batch += 1) {
            const found = await matchQueuedListings(app.db);
            matched += found;
            if (found === 0) break;
          }
          return { queued, matched };
        },
      },
      {
        name: 'saved-search-digests',
        intervalMs: 60_000,
        run: () => sendSavedSearchDigests(app),
      },
    ];
  },
  accountDeletion: {
    erase: async (deps: Pick<AppDeps, 'db'>, user: PlatformUser) => {
      await deps.db.delete(savedSearches).where(eq(savedSearches.userId, user.id));
    },
  },
};

export { enqueuePublishedListings, matchQueuedListings, sendSavedSearchDigests };
