import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireUser } from '@/server/plugins/session';
import {
  AgentIdParamsSchema,
  AgentListingsResponseSchema,
  AgentOffersResponseSchema,
  MySubmissionsResponseSchema,
  OfferIdParamsSchema,
  OfferSchema,
} from '../offers.schema';
import { findAgentListings } from './find-agent-listings';
import { findAgentOffers } from './find-agent-offers';
import { findMySubmissions } from './find-my-submissions';
import { getOffer } from './get-offer';

/** What each side reads: the producer's offers, the agent's offers and listings, one offer. */
export const offerQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers/my-submissions',
    {
      schema: {
        tags: ['offers'],
        summary: "The producer's offers, newest first, with counters",
        response: { 200: MySubmissionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => findMySubmissions(app.db, requireUser(request).id),
  );

  app.get(
    '/offers/agent/:agentId',
    {
      schema: {
        tags: ['offers'],
        summary: "Offers on the agent's listings (that agent or an admin)",
        params: AgentIdParamsSchema,
        response: { 200: AgentOffersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findAgentOffers(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.agentId, 'Agent not found'),
      ),
  );

  app.get(
    '/listings/agent/:agentId',
    {
      schema: {
        tags: ['offers'],
        summary: "The agent's listings with their offer counters (that agent or an admin)",
        params: AgentIdParamsSchema,
        response: { 200: AgentListingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findAgentListings(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.agentId, 'Agent not found'),
      ),
  );

  app.get(
    '/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'One offer (its producer, the listing agent, admins)',
        params: OfferIdParamsSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getOffer(app.db, requireUser(request), idOrNotFound(request.params.id, 'Offer not found')),
  );
};
