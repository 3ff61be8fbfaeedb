import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  NotificationIdParamsSchema,
  NotificationSchema,
  NotificationsResponseSchema,
} from '../notifications.schema';
import { notifications } from './notifications.tables';

const NOTIFICATION_NOT_FOUND = 'Notification not found';
const LIST_LIMIT = 30;

const toNotification = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  url: row.url,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['notifications'],
        summary: 'The latest 30 notifications and the unread count (the header bell)',
        response: { 200: NotificationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const [rows, [{ unread }]] = await Promise.all([
        app.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(LIST_LIMIT),
        app.db
          .select({ unread: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return { items: rows.map(toNotification), unreadCount: Number(unread) };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const id = parseId(request.params.id);
      if (id === null) throw notFound(NOTIFICATION_NOT_FOUND);
      const [row] = await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        // Someone else's notification is as missing as one that does not exist.
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
      return toNotification(row);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: z.object({ unreadCount: z.literal(0) }), ...errorResponses(401) },
      },
    },
    async (request) => {
      await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(eq(notifications.userId, requireUser(request).id), isNull(notifications.readAt)),
        );
      return { unreadCount: 0 as const };
    },
  );
};
