import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { AdminAnalyticsQuerySchema, AdminAnalyticsResponseSchema } from '../admin-analytics.schema';
import { findAdminAnalytics } from './find-admin-analytics';

/** GET /api/admin/analytics (admins only): every panel of the admin analytics page. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/analytics',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Platform analytics: users, agent queue, listings, offer funnel, money, top listings, searches that found nothing',
        querystring: AdminAnalyticsQuerySchema,
        response: {
          200: AdminAnalyticsResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const answer = await findAdminAnalytics(app.db, {
        admin,
        interval: request.query.interval,
        now: new Date(),
      });
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
};
