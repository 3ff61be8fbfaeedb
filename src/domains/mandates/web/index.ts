/** Front door of the mandates room's browser code (issue 35): its pages. */
export const mandatesPages = {
  mandates: () => import('./pages/mandates-page'),
  newMandate: () => import('./pages/new-mandate-page'),
  mandate: () => import('./pages/mandate-page'),
  matches: () => import('./pages/mandate-matches-page'),
};
