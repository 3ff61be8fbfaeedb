/** Front door of the legal room's browser code: its four pages, for the router. */
export const legalPages = {
  terms: () => import('./pages/terms-page'),
  privacy: () => import('./pages/privacy-page'),
  cookies: () => import('./pages/cookie-policy-page'),
  disclaimer: () => import('./pages/disclaimer-page'),
};
