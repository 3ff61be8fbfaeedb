import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/session';
import { MembershipStatusSchema } from '../membership.schema';
import { getMembershipStatus } from './get-membership-status';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/membership/status',
    {
      schema: {
        tags: ['membership'],
        summary: "The signed-in user's tier, monthly listing views and allowance",
        response: { 200: MembershipStatusSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getMembershipStatus(app.db, { user, now: new Date() });
    },
  );
};
