import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireRole, requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  CancelOfferBodySchema,
  OfferIdParamsSchema,
  OfferSchema,
  RejectOfferBodySchema,
} from '../offers.schema';
import { acceptOffer } from './accept-offer';
import { cancelOffer } from './cancel-offer';
import { getOfferRecord, toOffer } from './offer-record';
import { rejectOffer } from './reject-offer';

/** What ends a pending offer: the producer cancels, the listing's agent accepts or rejects. */
export const offerDecisionsRoutes: FastifyPluginAsyncZod = async (app) => {
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
