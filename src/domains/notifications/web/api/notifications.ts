import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Notification, NotificationsResponse } from '../../notifications.schema';

export const notificationsKeys = { all: ['notifications'] as const };

/** GET /api/notifications: the latest notifications and the unread count. */
export function getNotifications(): Promise<NotificationsResponse> {
  return apiRequest<NotificationsResponse>('/api/notifications');
}

/** Refreshed every minute while the page is open, so the bell shows new matches. */
export function useNotifications(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationsKeys.all,
    queryFn: getNotifications,
    enabled: options.enabled ?? true,
    refetchInterval: 60_000,
  });
}

/** POST /api/notifications/{id}/read. */
export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest<Notification>(`/api/notifications/${id}/read`, { method: 'POST' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ unreadCount: 0 }>('/api/notifications/read-all', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
