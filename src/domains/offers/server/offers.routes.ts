import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, validation } from '@/shared/errors';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { CreateOfferRequestSchema, CreateOfferResponseSchema } from '../offers.schema';
import { createOffer } from './create-offer';
import { decksRoutes } from './decks.routes';
import { negotiationRoutes } from './negotiation.routes';
import { offerDecisionsRoutes } from './offer-decisions.routes';
import { offerHoldRoutes } from './offer-hold.routes';
import { offerQueriesRoutes } from './offer-queries.routes';

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
  await app.register(offerQueriesRoutes);
  await app.register(offerHoldRoutes);
  await app.register(offerDecisionsRoutes);

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
};
