/**
 * Front door of the forum room's browser code: its page, loaded on demand by the router.
 */
export const forumPages = {
  forum: () => import('./pages/forum-page'),
};
