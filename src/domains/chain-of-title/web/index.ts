/**
 * Front door of the chain-of-title room's browser code: the read-only panel the listing page
 * shows its agent and admins, and the room's own admin page.
 */
export { ListingChainOfTitlePanel } from './components/chain-of-title-panel';
export { useChainOfTitle } from './api/get-chain-of-title';
export { chainOfTitleKeys } from './api/chain-of-title-keys';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const chainOfTitlePages = {
  admin: () => import('./pages/admin-chain-of-title-page'),
};
