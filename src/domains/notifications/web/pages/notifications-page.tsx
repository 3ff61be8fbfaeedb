import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { formatShortDate } from '@/web/lib/format';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications';

/** /notifications: what the bell counts (saved-search matches and more). */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Notifications"
        actions={
          notifications.data && notifications.data.unreadCount > 0 ? (
            <Button variant="outline" onClick={() => markAll.mutate()}>
              Mark all read
            </Button>
          ) : null
        }
      />
      {notifications.isPending ? (
        <Spinner label="Loading notifications" />
      ) : notifications.isError ? (
        <LoadError
          title="Unable to load notifications"
          onRetry={() => void notifications.refetch()}
        />
      ) : notifications.data.items.length === 0 ? (
        <EmptyState
          icon={Bell}
          title="No notifications yet"
          text="Save a search in the catalogue to hear about new titles."
        />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {notifications.data.items.map((item) => (
            <li key={item.id} className={cn('p-4', !item.readAt && 'bg-brand-50')}>
              <p className="font-medium text-ink">{item.title}</p>
              {item.url ? (
                <Link
                  to={item.url}
                  className="text-sm text-brand-800 hover:underline"
                  onClick={() => !item.readAt && markRead.mutate(item.id)}
                >
                  {item.body ?? 'Open'}
                </Link>
              ) : item.body ? (
                <p className="text-sm text-ink-soft">{item.body}</p>
              ) : null}
              <p className="text-xs text-ink-muted">{formatShortDate(item.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
