import type { RoomRoutes } from '@/server/room-module';
import { AppError, errorResponses } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireRole } from '@/server/plugins/session';
import {
  RefundMembershipParamsSchema,
  RefundMembershipResponseSchema,
} from '@/domains/membership/membership.schema';
import { adminAnalyticsRoutes } from './admin-analytics.routes';
import { adminJobsRoutes } from './admin-jobs.routes';
import { adminUploadsRoutes } from './admin-uploads.routes';
import { adminUsersRoutes } from './admin-users.routes';
import { refundMembership } from './refund-membership';

export const adminRoutes: RoomRoutes = async (app, options) => {
  await app.register(adminUploadsRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminJobsRoutes);
  // The room's options without the `/api` prefix this plugin is already under.
  await app.register(adminUsersRoutes, {
    paymentHandlers: options.paymentHandlers,
    stripeEventHandlers: options.stripeEventHandlers,
    accountDeletionSteps: options.accountDeletionSteps,
  });
  app.post(
    '/admin/users/:userId/refund-membership',
    {
      schema: {
        tags: ['admin'],
        summary: "Refund a member's first Premium payment (within 14 days) and end Premium",
        params: RefundMembershipParamsSchema,
        response: {
          200: RefundMembershipResponseSchema,
          // 402: the provider refused the refund; 503: it did not answer.
          ...errorResponses(401, 402, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      // Not an id is no user: the same 404 as an id nobody has.
      const userId = parseId(request.params.userId);
      if (userId === null) throw new AppError('NOT_FOUND', 'User not found');
      return refundMembership(app, { admin, userId, now: new Date() });
    },
  );
};
