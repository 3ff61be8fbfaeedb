/**
 * Front door of the analysis room's browser code: the listing page's commercial analysis
 * panel, and the room's own pages (viability dashboard, analysis search, admin coverage).
 */
export { ListingAnalysisPanel } from './components/analysis-panel';
export { useListingAnalysis } from './api/get-listing-analysis';
export { analysisKeys } from './api/analysis-keys';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const analysisPages = {
  dashboard: () => import('./pages/viability-dashboard-page'),
  search: () => import('./pages/analysis-search-page'),
  admin: () => import('./pages/admin-analysis-page'),
};
