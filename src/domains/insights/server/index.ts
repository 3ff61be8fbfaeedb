/**
 * The insights room's server front door: the agent's analytics (overview, per-listing
 * performance, 12 months of activity, the funnel) and "who viewed" one of their listings.
 * It only reads: offers (through the offers front door and tables), listings, views,
 * favourites and activity; it writes nothing and no room depends on it.
 */
import type { RoomModule } from '@/server/room-module';
import { insightsRoutes } from './insights.routes';

export const insightsRoom: RoomModule = {
  name: 'insights',
  routes: insightsRoutes,
};
