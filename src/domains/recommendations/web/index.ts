/**
 * Front door of the recommendations room's browser code: the home page's 'Personalised for
 * You', the listing page's 'Similar titles', search by meaning for the catalogue, and the
 * room's own /ai-recommendations page.
 */
export { HomeRecommendations } from './components/home-recommendations';
export { MatchBadge } from './components/match-badge';
export { SimilarTitles } from './components/similar-titles';
export { MeaningResults } from './components/meaning-results';
export { useMeaningSearch } from './api/search-by-meaning';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const recommendationsPages = {
  aiRecommendations: () => import('./pages/ai-recommendations-page'),
};
