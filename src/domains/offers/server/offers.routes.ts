import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, validation } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireRole, requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  AgentIdParamsSchema,
  AgentListingsResponseSchema,
  AgentOffersResponseSchema,
  CancelOfferBodySchema,
  CreateOfferRequestSchema,
  CreateOfferResponseSchema,
  MySubmissionsResponseSchema,
  OfferIdParamsSchema,
  OfferSchema,
  RejectOfferBodySchema,
} from '../offers.schema';
import { abandonOffer } from './abandon-offer';
import { acceptOffer } from './accept-offer';
import { cancelOffer } from './cancel-offer';
import { createOffer } from './create-offer';
import { decksRoutes } from './decks.routes';
import { negotiationRoutes } from './negotiation.routes';
import { getOfferRecord, toOffer } from './offer-record';
import { findAgentListings } from './find-agent-listings';
import { findAgentOffers } from './find-agent-offers';
import { findMySubmissions } from './find-my-submissions';
import { getOffer } from './get-offer';
import { rejectOffer } from './reject-offer';
import { renewOffer } from './renew-offer';
import { resumeOfferPayment } from './resume-offer-payment';
import { syncOffer } from './sync-offer';

/** The Idempotency-Key header: optional, printable, at most 200 characters. */
function requestKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw validation('Idempotency-Key must be 1 to 200 printable characters');
  }
  return key;
}

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(decksRoutes);
  await app.register(negotiationRoutes);

  app.post(
    '/offers',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['offers'],
        summary: 'Submit an offer: creates it awaiting payment and places the card hold',
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: CreateOfferRequestSchema,
        response: {
          201: CreateOfferResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await createOffer(app, {
        user,
        body: request.body,
        requestKey: requestKeyOf(request),
      });
      return reply.status(201).send(answer);
    },
  );

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

  app.post(
    '/offers/:id/sync',
    {
      schema: {
        tags: ['offers'],
        summary: "Read the card hold's state from the provider and apply it",
        params: OfferIdParamsSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 402, 403, 404, 503) },
      },
    },
    async (request) =>
      syncOffer(app, requireUser(request), idOrNotFound(request.params.id, 'Offer not found')),
  );

  app.post(
    '/offers/:id/payment',
    {
      schema: {
        tags: ['offers'],
        summary: 'The client secret to complete the payment of an offer awaiting it',
        params: OfferIdParamsSchema,
        response: {
          200: CreateOfferResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      resumeOfferPayment(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Offer not found'),
      ),
  );

  app.post(
    '/offers/:id/abandon',
    {
      schema: {
        tags: ['offers'],
        summary: 'Give up an offer awaiting payment (its hold is released)',
        params: OfferIdParamsSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      abandonOffer(app, requireUser(request), idOrNotFound(request.params.id, 'Offer not found')),
  );

  app.post(
    '/offers/:id/renew',
    {
      schema: {
        tags: ['offers'],
        summary: 'Renew an expired offer: a new hold and, once authorised, a new deadline',
        params: OfferIdParamsSchema,
        response: {
          200: CreateOfferResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      renewOffer(app, requireUser(request), idOrNotFound(request.params.id, 'Offer not found')),
  );

  app.patch(
    '/offers/:id/cancel',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['offers'],
        summary: 'Cancel a pending offer (the hold is released); cannot be undone',
        params: OfferIdParamsSchema,
        body: CancelOfferBodySchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelOffer(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Offer not found'),
        request.body,
      ),
  );

  app.patch(
    '/offers/:id/accept',
    {
      schema: {
        tags: ['offers'],
        summary: "The listing's agent accepts: the hold is captured, the listing optioned",
        params: OfferIdParamsSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const offer = await acceptOffer(
        app,
        requireRole(request, 'agent'),
        idOrNotFound(request.params.id, 'Offer not found'),
      );
      // The acceptance made the option agreement once the capture committed (or the job will).
      return offer.status === 'accepted' ? toOffer(await getOfferRecord(app.db, offer.id)) : offer;
    },
  );

  app.patch(
    '/offers/:id/reject',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['offers'],
        summary: "The listing's agent rejects, optionally with a reason: the hold is released",
        params: OfferIdParamsSchema,
        body: RejectOfferBodySchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      rejectOffer(
        app,
        requireRole(request, 'agent'),
        idOrNotFound(request.params.id, 'Offer not found'),
        request.body ?? {},
      ),
  );
};
