import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireUser } from '@/server/plugins/session';
import { CreateOfferResponseSchema, OfferIdParamsSchema, OfferSchema } from '../offers.schema';
import { abandonOffer } from './abandon-offer';
import { renewOffer } from './renew-offer';
import { resumeOfferPayment } from './resume-offer-payment';
import { syncOffer } from './sync-offer';

/** The producer's card hold behind an offer: read its state, pay, give up, renew. */
export const offerHoldRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
