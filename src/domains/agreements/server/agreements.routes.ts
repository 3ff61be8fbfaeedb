import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OfferIdParamsSchema } from '@/domains/offers/offers.schema';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { SignAgreementBodySchema } from '../agreements.schema';
import { getAgreementFile, signAgreement } from './option-agreement';
import { verifyAgreementRoutes } from './verify-agreement.routes';

const AgreementSignedSchema = z.object({
  sha256: z.string(),
  producerSignedAt: z.string().nullable(),
  agentSignedAt: z.string().nullable(),
});

/**
 * The agreements room's routes (decision 016): an accepted offer's option agreement (its PDF,
 * click-to-sign) under the offer's path, and /agreements/verify. Tags stay 'offers' so the
 * published API reads as before.
 */
export const agreementsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(verifyAgreementRoutes);

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
