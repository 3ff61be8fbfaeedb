import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { ListingIdParamsSchema } from '@/domains/listings/listings.schema';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import {
  FeedbackBodySchema,
  FeedbackResponseSchema,
  MeaningSearchQuerySchema,
  MeaningSearchResponseSchema,
  ProgressResponseSchema,
  RecommendationsQuerySchema,
  RecommendationsResponseSchema,
  SimilarListingsResponseSchema,
  TasteProfileBodySchema,
  TasteProfileSchema,
} from '../recommendations.schema';
import { getEmbedder } from './embedder';
import { findSimilarListings } from './find-similar-listings';
import { findTasteSignals } from './find-taste-signals';
import { generateRecommendations, requireRecommendationsAccess } from './generate-recommendations';
import { getRecommendationProgress } from './recommendation-progress';
import { recordFeedback } from './record-feedback';
import { searchByMeaning } from './search-by-meaning';
import {
  deriveTasteProfile,
  findStatedTasteProfile,
  saveTasteProfile,
  toTasteProfile,
} from './taste-profile';

/** Premium (the one rule in membership.rules), checked before the input too (403 beats 400). */
async function requirePremium(request: FastifyRequest): Promise<void> {
  requireRecommendationsAccess(requireUser(request));
}

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const embedder = getEmbedder(app.config);
  const deps = { db: app.db, embedder };

  app.get(
    '/recommendations',
    {
      onRequest: requirePremium,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['recommendations'],
        summary: "The producer's AI recommendations (premium), with the taste they came from",
        querystring: RecommendationsQuerySchema,
        response: { 200: RecommendationsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => generateRecommendations(deps, requireUser(request), request.query),
  );

  app.get(
    '/recommendations/progress',
    {
      onRequest: requirePremium,
      schema: {
        tags: ['recommendations'],
        summary: 'How far the latest generation has got (polled every 800 ms)',
        response: { 200: ProgressResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getRecommendationProgress(app.db, requireUser(request).id),
  );

  app.post(
    '/recommendations/feedback',
    {
      onRequest: requirePremium,
      schema: {
        tags: ['recommendations'],
        summary: "'Commercially Viable' (5) or 'Not My Market' (1) on a recommended listing",
        body: FeedbackBodySchema,
        response: { 200: FeedbackResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => recordFeedback(app.db, requireUser(request), request.body),
  );

  app.get(
    '/recommendations/profile',
    {
      onRequest: requirePremium,
      schema: {
        tags: ['recommendations'],
        summary: 'The taste profile: as saved, else as read from activity',
        response: { 200: TasteProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const stated = await findStatedTasteProfile(app.db, user.id);
      return toTasteProfile(stated ?? deriveTasteProfile(await findTasteSignals(app.db, user.id)));
    },
  );

  app.put(
    '/recommendations/profile',
    {
      onRequest: requirePremium,
      schema: {
        tags: ['recommendations'],
        summary: 'The producer states their genres, mediums and budget',
        body: TasteProfileBodySchema,
        response: { 200: TasteProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveTasteProfile(app.db, requireUser(request).id, request.body),
  );

  app.get(
    '/listings/:id/similar',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['recommendations'],
        summary: 'The six available listings nearest in meaning',
        params: ListingIdParamsSchema,
        response: { 200: SimilarListingsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound(LISTING_NOT_FOUND);
      return findSimilarListings(deps, id, requireUser(request));
    },
  );

  app.get(
    '/listings/by-meaning',
    {
      onRequest: requireSignedIn,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['recommendations'],
        summary: 'Search by meaning: the catalogue ranked by a description, every filter honoured',
        querystring: MeaningSearchQuerySchema,
        response: { 200: MeaningSearchResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => searchByMeaning(deps, request.query),
  );
};
