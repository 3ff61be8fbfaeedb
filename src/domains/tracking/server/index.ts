/**
 * The tracking room's server front door: searches and listing activity, recorded for
 * analytics and recommendations. Only this room writes `search_events` and `activity_events`.
 */
import type { RoomModule } from '@/server/room-module';
import { eraseUserActivity } from './erase-user-activity';
import { trackingRoutes } from './tracking.routes';

export const trackingRoom: RoomModule = {
  name: 'tracking',
  routes: trackingRoutes,
  // An account closing: the person's searches and activity go (decision 007).
  accountDeletion: { erase: eraseUserActivity },
};
