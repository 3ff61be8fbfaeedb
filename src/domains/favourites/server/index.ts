/**
 * The favourites room's server front door. Favourites depends on listings (it reads the
 * listings table and shows favourites as listing cards); listings never depends on it.
 */
import type { RoomModule } from '@/server/room-module';
import { eraseUserFavourites } from './erase-user-favourites';
import { favouritesRoutes } from './favourites.routes';

export const favouritesRoom: RoomModule = {
  name: 'favourites',
  routes: favouritesRoutes,
  // An account closing: the person's favourites go (decision 007).
  accountDeletion: { erase: eraseUserFavourites },
};
