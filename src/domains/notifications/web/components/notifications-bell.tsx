import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { paths } from '@/shared/paths';
import { useNotifications } from '../api/notifications';

/** The header's bell: the unread count, linking to the notifications page. */
export function NotificationsBell() {
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <Link
      to={paths.notifications}
      className={buttonClasses('ghost', 'icon')}
      aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
    >
      <span className="relative">
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-2 -right-2 rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
