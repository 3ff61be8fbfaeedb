/**
 * Front door of the accounts room's browser code: what other rooms, composed pages
 * (src/app/web/pages) and the shell may use. Everything else under web/ is private.
 */
export { currentUserQueryKey, useCurrentUser } from './api/get-current-user';
export { useLogout } from './api/logout';
export { RoleInformationCard } from './components/role-information-card';
export { useLoggedOutRedirect } from './hooks/use-logged-out-redirect';
export { LOGGED_OUT_REDIRECT_MS } from './lib/logged-out-notice';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const accountsPages = {
  join: () => import('./pages/join-page'),
  auth: () => import('./pages/auth-page'),
  verifyEmail: () => import('./pages/verify-email-page'),
  resetPassword: () => import('./pages/reset-password-page'),
  completeProfile: () => import('./pages/complete-profile-page'),
  editAccount: () => import('./pages/edit-account-page'),
  securitySettings: () => import('./pages/security-settings-page'),
};
