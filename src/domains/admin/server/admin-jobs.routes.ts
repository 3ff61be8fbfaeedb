import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { AdminJobsQuerySchema, AdminJobsResponseSchema } from '../admin-jobs.schema';
import { findJobRuns } from './find-job-runs';

/** GET /api/admin/jobs (admins only): the job queue's queues, recent runs and failures. */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Background jobs: each queue by status, recent runs (retries, dead), the mail outbox',
        querystring: AdminJobsQuerySchema,
        response: { 200: AdminJobsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const answer = await findJobRuns(app.db, request.query);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
};
