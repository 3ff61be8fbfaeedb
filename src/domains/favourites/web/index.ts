/**
 * Front door of the favourites room's browser code: the heart on a listing and the
 * Favourites tab, which composed pages put on the catalogue, listing and dashboard.
 */
export { FavouriteButton } from './components/favourite-button';
export { FavouritesPanel } from './components/favourites-panel';
