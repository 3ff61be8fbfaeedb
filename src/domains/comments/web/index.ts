/**
 * Front door of the comments room's browser code: the listing page's comments panel, and the
 * room's own admin page.
 */
export { ListingCommentsPanel } from './components/listing-comments-panel';
export { commentsKeys } from './api/comments-keys';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const commentsPages = {
  admin: () => import('./pages/admin-comments-page'),
};
