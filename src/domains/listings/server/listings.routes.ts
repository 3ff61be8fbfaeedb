import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverPoolOf } from '@/server/db/listen';
import { ErrorBodySchema, errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { ViewLimitErrorSchema } from '@/domains/membership/membership.schema';
import { PUBLIC_CACHE_SECONDS } from '../listings.constants';
import {
  ListingCardSchema,
  ListingDetailSchema,
  ListingIdParamsSchema,
  ListListingsQuerySchema,
  ListListingsResponseSchema,
  PublicStatsSchema,
} from '../listings.schema';
import { createCatalogueCache } from './catalogue-cache';
import { findFeaturedListings } from './find-featured-listings';
import { findListings } from './find-listings';
import { CatalogueIndexKeeper } from './maintain-catalogue-index';
import { getListing, LISTING_NOT_FOUND } from './get-listing';
import { getPublicStats } from './get-public-stats';
import { createListing, updateListing } from './save-listing';
import { listingImageUploadRoutes } from './listing-images.routes';
import { deleteListingRoutes } from './delete-listing.routes';
import { ListingFormSchema, ListingSavedResponseSchema } from '../listing-form.schema';

const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_CACHE_SECONDS}`;

function cachePublicly(reply: FastifyReply): void {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
}

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Without DATABASE_URL the app runs on PGlite (the client is not a node-postgres pool),
  // which only this process can open and which runs one query at a time
  // (docs/decisions/002-catalogue-search.md).
  const serverPool = serverPoolOf(app.db);
  const isPglite = serverPool === null;
  const cache = createCatalogueCache({ isSingleProcess: isPglite });
  const aggregateStrategy = isPglite ? 'one-pass' : 'parallel';
  // A cold search must not need a query that reads thousands of rows (on the embedded
  // database it would stall every request): an in-process index answers counts, facets and
  // order (decision 018). On a PostgreSQL server it follows the listings' change feed.
  const index = new CatalogueIndexKeeper(app.db, serverPool);
  app.addHook('onReady', async () => index.start());
  app.addHook('onClose', async () => {
    index.close();
    cache.dispose();
  });
  await app.register(listingImageUploadRoutes);
  await app.register(deleteListingRoutes);

  app.get(
    '/public/stats',
    {
      schema: {
        tags: ['listings'],
        summary: 'Headline figures for the home page (public, cached 5 minutes)',
        response: { 200: PublicStatsSchema },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply);
      return cache.stats.get('stats', () => getPublicStats(app.db));
    },
  );

  app.get(
    '/listings/featured',
    {
      schema: {
        tags: ['listings'],
        summary: 'Up to six featured listings (public, cached 5 minutes)',
        response: { 200: z.array(ListingCardSchema) },
      },
    },
    async (_request, reply) => {
      cachePublicly(reply);
      return cache.featured.get('featured', () => findFeaturedListings(app.db));
    },
  );

  app.get(
    '/listings',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['listings'],
        summary: 'Search, filter and page the catalogue, with totals and facets',
        querystring: ListListingsQuerySchema,
        response: { 200: ListListingsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      findListings(app.db, { query: request.query, cache, aggregateStrategy, index }),
  );

  app.get(
    '/listings/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['listings'],
        summary: 'One listing; counts towards a free producer’s monthly views',
        params: ListingIdParamsSchema,
        response: {
          200: ListingDetailSchema,
          ...errorResponses(401, 404),
          403: z.union([ViewLimitErrorSchema, ErrorBodySchema]),
        },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const id = parseId(request.params.id);
      if (id === null) throw notFound(LISTING_NOT_FOUND);
      return getListing(app.db, { id, viewer, now: new Date() });
    },
  );

  app.post(
    '/listings',
    {
      schema: {
        tags: ['listings'],
        summary: 'An agent lists IP (public once the agent is approved, a draft until then)',
        body: ListingFormSchema,
        response: { 201: ListingSavedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const saved = await createListing(app.db, requireUser(request), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'The agent edits their own listing (administrators any)',
        params: ListingIdParamsSchema,
        body: ListingFormSchema,
        response: { 200: ListingSavedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseId(request.params.id);
      if (id === null) throw notFound(LISTING_NOT_FOUND);
      return updateListing(app.db, user, id, request.body);
    },
  );
};
