import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgentIdParamsSchema } from '@/domains/offers/offers.schema';
import { requireUser } from '@/server/plugins/session';
import { errorResponses, notFound } from '@/shared/errors';
import { idOrNotFound, parseId } from '@/shared/ids';
import {
  AgentAnalyticsResponseSchema,
  ListingViewersParamsSchema,
  ListingViewersResponseSchema,
} from '../insights.schema';
import { findAgentAnalytics } from './find-agent-analytics';
import { findListingViewers } from './find-listing-viewers';

/**
 * The agent's analytics and "who viewed" a listing. Tags stay 'offers' so the published API
 * reads as before.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/agent/:agentId',
    {
      schema: {
        tags: ['offers'],
        summary:
          "The agent's analytics: overview, per-listing performance, 12 months of activity, funnel",
        params: AgentIdParamsSchema,
        response: { 200: AgentAnalyticsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findAgentAnalytics(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.agentId, 'Agent not found'),
      ),
  );

  app.get(
    '/analytics/agent/:agentId/listings/:listingId/viewers',
    {
      schema: {
        tags: ['offers'],
        summary:
          "Who viewed one of the agent's listings: counts, and names of producers who chose to be seen",
        params: ListingViewersParamsSchema,
        response: { 200: ListingViewersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const listingId = parseId(request.params.listingId);
      if (listingId === null) throw notFound('Listing not found');
      return findListingViewers(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.agentId, 'Agent not found'),
        listingId,
      );
    },
  );
};
