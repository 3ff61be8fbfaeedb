/**
 * Front door of the agreements room's browser code: the click-to-sign dialog the offers room
 * shows on an accepted offer, and the public /verify-agreement page.
 */
export { SignAgreementDialog, type AgreementSignatures } from './components/sign-agreement-dialog';

/** The room's own pages, each loaded on demand by the router (src/web/router.tsx). */
export const agreementsPages = {
  verifyAgreement: () => import('./pages/verify-agreement-page'),
};
