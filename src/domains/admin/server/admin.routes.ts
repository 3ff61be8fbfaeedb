import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '@/server/plugins/session';
import {
  RefundMembershipParamsSchema,
  RefundMembershipResponseSchema,
} from '@/domains/membership/membership.schema';
import { refundMembership } from './refund-membership';

const ErrorSchema = z.looseObject({ message: z.string(), code: z.string() });

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/users/:userId/refund-membership',
    {
      schema: {
        tags: ['admin'],
        summary: "Refund a member's first Premium payment (within 14 days) and end Premium",
        params: RefundMembershipParamsSchema,
        response: {
          200: RefundMembershipResponseSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return refundMembership(app, { admin, userId: request.params.userId, now: new Date() });
    },
  );
};
