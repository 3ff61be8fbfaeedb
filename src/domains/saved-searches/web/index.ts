/** Front door of the saved-searches room's browser code: 'Save this search' and its page. */
export { SaveSearchButton } from './components/save-search-button';

export const savedSearchesPages = {
  savedSearches: () => import('./pages/saved-searches-page'),
};
