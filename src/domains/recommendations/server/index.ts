/**
 * The recommendations room's server front door: listing embeddings (a background job, the
 * model in a worker thread), AI recommendations, similar titles and search by meaning
 * (decision 015). Only this room writes `listing_embeddings`, `recommendation_feedback`,
 * `taste_profiles`, `recommendation_progress` and `recommendation_impressions`.
 */
import type { RoomModule } from '@/server/room-module';
import { EMBED_BATCH_SIZE, embedPendingListings } from './embed-listings';
import { getEmbedder } from './embedder';
import { eraseUserRecommendations } from './erase-user-recommendations';
import { recommendationsRoutes } from './recommendations.routes';
import { vectorCapability } from './vector-store';

/** How often the embedding job looks for new or edited listings. */
export const EMBED_INTERVAL_MS = 5_000;

export const recommendationsRoom: RoomModule = {
  name: 'recommendations',
  routes: recommendationsRoutes,
  jobs: (app) => {
    // The model's threads go once the requests in flight are answered (onClose comes after
    // the server has closed); the job itself stops between batches when the runner says so.
    app.addHook('onClose', async () => {
      if (app.config.env !== 'test') await getEmbedder(app.config).close();
    });
    return [
      {
        // New and edited listings are (re)embedded here shortly after they are saved; after a
        // start the whole catalogue is embedded in small batches, in the background.
        name: 'embed-listings',
        intervalMs: EMBED_INTERVAL_MS,
        run: ({ shouldStop }) =>
          embedPendingListings(
            { db: app.db, embedder: getEmbedder(app.config) },
            // A batch is split across the model's threads: each gets a full batch.
            {
              batchSize: EMBED_BATCH_SIZE * app.config.embeddingWorkers,
              shouldStop,
            },
          ),
        // Sets up the vector column and index where pgvector exists (idempotent, quick).
        atStart: () => vectorCapability(app.db),
      },
    ];
  },
  accountDeletion: { erase: eraseUserRecommendations },
};

export { EMBED_BATCH_SIZE, embedPendingListings, embedListingsBatch } from './embed-listings';
export {
  createHashingEmbedder,
  createModelEmbedder,
  getEmbedder,
  useEmbedder,
  type Embedder,
} from './embedder';
export {
  cosine,
  findEmbeddings,
  findNearestListings,
  vectorCapability,
  type VectorCapability,
} from './vector-store';
