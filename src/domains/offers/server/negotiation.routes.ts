import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import {
  NegotiationResponseSchema,
  OfferIdParamsSchema,
  OfferTermsResponseSchema,
  TermSheetRequestSchema,
} from '../offers.schema';
import { acceptCounter, counterOffer } from './counter-offer';
import { getOfferTerms } from './get-offer-terms';

/** The deal room's offer routes: term sheets and counters (decision 016). */
export const negotiationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers/:id/terms',
    {
      schema: {
        tags: ['offers'],
        summary:
          "Every version of the offer's term sheet with its changes, its holds, its agreement",
        params: OfferIdParamsSchema,
        response: { 200: OfferTermsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getOfferTerms(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.id, 'Offer not found'),
      ),
  );

  app.post(
    '/offers/:id/counter',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['offers'],
        summary:
          'Counter with changed terms: the agent on a pending offer, the producer on a countered one (a new price needs a new card hold)',
        params: OfferIdParamsSchema,
        body: TermSheetRequestSchema,
        response: {
          200: NegotiationResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      counterOffer(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Offer not found'),
        request.body,
      ),
  );

  app.post(
    '/offers/:id/accept-counter',
    {
      schema: {
        tags: ['offers'],
        summary:
          "The producer accepts the agent's counter; a changed price answers the new hold's client secret",
        params: OfferIdParamsSchema,
        response: {
          200: NegotiationResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      acceptCounter(app, requireUser(request), idOrNotFound(request.params.id, 'Offer not found')),
  );
};
