/**
 * The admin room's web front door: the users console's panels for the admin dashboard page.
 */
export { AllUsersPanel } from './components/all-users-panel';
export { PendingApplicationsPanel } from './components/pending-applications-panel';
export { AuditLogPanel } from './components/audit-log-panel';
export { usePendingAgents } from './api/get-pending-agents';
// The analytics, bulk image upload and background jobs pages, each loaded on demand by the router.
export const adminAnalyticsPages = {
  analytics: () => import('./pages/admin-analytics-page'),
  imageUpload: () => import('./pages/admin-image-upload-page'),
  jobs: () => import('./pages/admin-jobs-page'),
};
