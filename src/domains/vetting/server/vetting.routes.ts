import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { IdParamSchema, idOrNotFound } from '@/shared/ids';
import { requireRole, requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  ApplicationBodySchema,
  ApplicationSchema,
  DecisionBodySchema,
  DecisionResponseSchema,
  MyVerificationSchema,
  OfferPolicyBodySchema,
  OfferPolicySchema,
  PendingApplicationsSchema,
  VETTING_MESSAGES,
  VerifiedQuerySchema,
  VerifiedResponseSchema,
} from '../vetting.schema';
import { applyForVerification } from './apply-for-verification';
import { decideProducerApplication } from './decide-producer-application';
import { findMyVerification } from './find-my-verification';
import { findPendingApplications } from './find-pending-applications';
import { findVerifiedProducers } from './find-verified-producers';
import { findOfferPolicy, setOfferPolicy } from './offer-policy';

const tags = ['vetting'];
const listingParams = z.object({ listingId: IdParamSchema });
const listingIdOf = (raw: string) => idOrNotFound(raw, VETTING_MESSAGES.listingNotFound);

/** Thin routes: each hands the signed-in user and the parsed request to one use case. */
export const vettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vetting/application',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        summary: 'Your producer verification application and whether you are verified',
        response: { 200: MyVerificationSchema, ...errorResponses(401) },
      },
    },
    async (request) => findMyVerification(app.db, requireUser(request)),
  );

  app.post(
    '/vetting/application',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        summary: 'A producer applies to be verified (company, role, website, credits, reference)',
        body: ApplicationBodySchema,
        response: { 201: ApplicationSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) =>
      reply.code(201).send(await applyForVerification(app.db, requireUser(request), request.body)),
  );

  app.get(
    '/vetting/verified',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        summary: 'Which of these users are verified producers (for badges)',
        querystring: VerifiedQuerySchema,
        response: { 200: VerifiedResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const ids = request.query.ids.split(',').map(Number);
      return { verifiedIds: [...(await findVerifiedProducers(app.db, ids))] };
    },
  );

  app.get(
    '/vetting/listings/:listingId/offer-policy',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        summary: "A listing's offer policy and whether you may make an offer under it",
        params: listingParams,
        response: { 200: OfferPolicySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      findOfferPolicy(app.db, requireUser(request), listingIdOf(request.params.listingId)),
  );

  app.put(
    '/vetting/listings/:listingId/offer-policy',
    {
      onRequest: requireSignedIn,
      schema: {
        tags,
        summary: "The listing's agent accepts offers only from verified producers, or from anyone",
        params: listingParams,
        body: OfferPolicyBodySchema,
        response: { 200: OfferPolicySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setOfferPolicy(
        app.db,
        requireUser(request),
        listingIdOf(request.params.listingId),
        request.body.verifiedOnly,
      ),
  );

  app.get(
    '/admin/producer-applications',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['admin'],
        summary: 'Producer verification applications waiting for review',
        response: { 200: PendingApplicationsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => findPendingApplications(app.db, requireRole(request, 'admin')),
  );

  app.post(
    '/admin/producer-applications/:id/decision',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['admin'],
        summary: "Verify a producer or turn down their application (audited; they're emailed)",
        params: z.object({ id: IdParamSchema }),
        body: DecisionBodySchema,
        response: { 200: DecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return decideProducerApplication(app, {
        admin,
        applicationId: idOrNotFound(request.params.id, VETTING_MESSAGES.applicationNotFound),
        ...request.body,
      });
    },
  );
};
