/**
 * Front door of the enrichment room's browser code: its admin pages, each loaded on demand
 * by the router (src/app/web/router.tsx).
 */
export const enrichmentPages = {
  youtube: () => import('./pages/admin-youtube-page'),
  twitter: () => import('./pages/admin-twitter-page'),
  dataEnrichment: () => import('./pages/data-enrichment-page'),
};
