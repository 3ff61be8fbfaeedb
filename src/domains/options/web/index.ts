/**
 * Front door of the options room's browser code (issue 34): the dashboards' live options
 * section (days left, extension and exercise, the sealed notices) and the deal timeline page.
 */
export { LiveOptionsPanel } from './components/live-options-panel';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const optionsPages = {
  dealTimeline: () => import('./pages/deal-timeline-page'),
  adminOptions: () => import('./pages/admin-options-page'),
};
