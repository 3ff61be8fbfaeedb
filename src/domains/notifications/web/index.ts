/** Front door of the notifications room's browser code: the header's bell and its page. */
export { NotificationsBell } from './components/notifications-bell';

export const notificationsPages = {
  notifications: () => import('./pages/notifications-page'),
};
