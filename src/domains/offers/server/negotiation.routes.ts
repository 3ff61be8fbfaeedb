import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import {
  NegotiationResponseSchema,
  OfferIdParamsSchema,
  OfferTermsResponseSchema,
  SignAgreementBodySchema,
  TermSheetRequestSchema,
} from '../offers.schema';
import { acceptCounter, counterOffer } from './counter-offer';
import { getOfferTerms } from './get-offer-terms';
import { getAgreementFile, signAgreement } from './option-agreement';

const AgreementSignedSchema = z.object({
  sha256: z.string(),
  producerSignedAt: z.string().nullable(),
  agentSignedAt: z.string().nullable(),
});

/** The deal room's offer routes: term sheets, counters, the option agreement (decision 016). */
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

  app.get(
    '/offers/:id/agreement',
    {
      schema: {
        tags: ['offers'],
        summary:
          "The accepted offer's option agreement PDF (its producer, the listing agent, admins)",
        params: OfferIdParamsSchema,
        response: {
          200: z.unknown().describe('The agreement, application/pdf'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const id = idOrNotFound(request.params.id, 'Offer not found');
      const file = await getAgreementFile(app, requireUser(request), id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('x-content-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.post(
    '/offers/:id/agreement/sign',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['offers'],
        summary: 'Sign the option agreement: typed full name and consent (producer, listing agent)',
        params: OfferIdParamsSchema,
        body: SignAgreementBodySchema,
        response: { 200: AgreementSignedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await signAgreement(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Offer not found'),
        request.body,
        request.ip,
      );
      return {
        sha256: row.sha256,
        producerSignedAt: row.producerSignedAt?.toISOString() ?? null,
        agentSignedAt: row.agentSignedAt?.toISOString() ?? null,
      };
    },
  );
};
