import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import { requireRole } from '@/server/plugins/session';
import { errorResponses, notFound } from '@/shared/errors';
import { IdParamSchema, parseId } from '@/shared/ids';
import type { EnrichmentSource } from '../enrichment.constants';
import {
  ApplyEnrichmentBodySchema,
  ApplyEnrichmentResponseSchema,
  BatchEnrichBodySchema,
  BatchEnrichResponseSchema,
  BookEnrichmentQuerySchema,
  BookEnrichmentSchema,
  BookListingsQuerySchema,
  BookListingsResponseSchema,
  BooksSearchQuerySchema,
  BooksSearchResponseSchema,
  EnrichmentServicesSchema,
  EnrichmentStatusSchema,
  EnrichTwitterBodySchema,
  EnrichYouTubeBodySchema,
  StartRunResponseSchema,
} from '../enrichment.schema';
import { applyBookEnrichment } from './apply-book-enrichment';
import { bookEnrichmentOf, findBookMatch, toBook } from './book-match';
import { toAppError, type EnrichmentDeps } from './enrichment-deps';
import { createEnrichmentServices, requireService, serviceConfig } from './enrichment-services';
import { findBookListings } from './find-book-listings';
import { BATCH_NOT_FOUND, findEnrichmentStatus, getBookBatch } from './find-enrichment-status';
import { getListingForEnrichment } from './load-listing-for-enrichment';
import { startBookBatch, startEnrichmentRun } from './start-enrichment-run';

const TAGS = ['enrichment'];

/** The Fastify instance a plugin receives (Zod types on every route). */
type App = Parameters<FastifyPluginAsyncZod>[0];
export const ENRICHMENT_RUNS_JOB = 'enrichment:runs';

/** A service call the admin waits on: its failure becomes the API's answer. */
async function calling<T>(source: EnrichmentSource, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error, source);
  }
}

/**
 * Enrichment, for administrators only: the video and microblogging batches (runs the job
 * works through) with their status, and the book dashboard's search, match, apply and batch.
 * Without a service's key its calls answer 409 naming the setting.
 */
export const enrichmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = createEnrichmentServices(app.config);
  const deps: EnrichmentDeps = { db: app.db, storage: app.storage, log: app.log, services };
  // Start a new run at once rather than at the job's next tick (tests run jobs by hand).
  const kickRuns = () => {
    if (app.config.env !== 'test') void app.jobs.runNow(ENRICHMENT_RUNS_JOB).catch(() => {});
  };

  registerSocialEnrichmentRoutes(app, deps, kickRuns);
  registerBookLookupRoutes(app, deps);
  registerBookUpdateRoutes(app, deps, kickRuns);
};

/** Which services are configured, and the video and microblogging batches with their status. */
function registerSocialEnrichmentRoutes(
  app: App,
  deps: EnrichmentDeps,
  kickRuns: () => void,
): void {
  const { services } = deps;
  app.get(
    '/enrichment/services',
    {
      schema: {
        tags: TAGS,
        summary: 'Which enrichment services are configured, and the setting for each (admins)',
        response: { 200: EnrichmentServicesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return {
        googleBooks: serviceConfig(services, 'google_books'),
        youtube: serviceConfig(services, 'youtube'),
        twitter: serviceConfig(services, 'twitter'),
      };
    },
  );

  for (const [source, path, bodySchema, label] of [
    ['youtube', 'youtube', EnrichYouTubeBodySchema, 'YouTube'],
    ['twitter', 'twitter', EnrichTwitterBodySchema, 'X'],
  ] as const) {
    app.get(
      `/admin/${path}-enrichment-status`,
      {
        schema: {
          tags: TAGS,
          summary: `${label} enrichment: total, enriched, remaining, percentage and the last run (admins)`,
          response: { 200: EnrichmentStatusSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        requireRole(request, 'admin');
        return findEnrichmentStatus(app.db, services, source);
      },
    );
    app.post(
      `/admin/enrich-${path}`,
      {
        schema: {
          tags: TAGS,
          summary: `Start a ${label} enrichment batch (admins); the job works through it`,
          body: bodySchema,
          response: {
            202: StartRunResponseSchema,
            ...errorResponses(400, 401, 403, 409, 429, 503),
          },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const admin = requireRole(request, 'admin');
        const started = await startEnrichmentRun(deps, {
          admin,
          source,
          batchSize: request.body.batchSize,
        });
        kickRuns();
        return reply.status(202).send(started);
      },
    );
  }
}

/** The book dashboard's reads: its listings, the book search and one listing's match. */
function registerBookLookupRoutes(app: App, deps: EnrichmentDeps): void {
  const { services } = deps;
  app.get(
    '/google-books/listings',
    {
      schema: {
        tags: TAGS,
        summary: 'Listings of medium book with their enrichment state (admins)',
        querystring: BookListingsQuerySchema,
        response: { 200: BookListingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return findBookListings(app.db, request.query);
    },
  );

  app.get(
    '/google-books/search',
    {
      schema: {
        tags: TAGS,
        summary: 'Search Google Books (at most 5 results; admins)',
        querystring: BooksSearchQuerySchema,
        response: {
          200: BooksSearchResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      requireRole(request, 'admin');
      const books = requireService(services, 'google_books');
      const { q, maxResults } = request.query;
      const volumes = await calling('google_books', () => books.searchVolumes(q, maxResults));
      return { books: volumes.slice(0, maxResults).map(toBook) };
    },
  );

  app.get(
    '/google-books/enrich/:listingId',
    {
      schema: {
        tags: TAGS,
        summary: "A listing's Google Books match, with its confidence, data and suggestions",
        params: z.object({ listingId: IdParamSchema }),
        querystring: BookEnrichmentQuerySchema,
        response: {
          200: BookEnrichmentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      requireRole(request, 'admin');
      const books = requireService(services, 'google_books');
      const listingId = parseId(request.params.listingId);
      if (listingId === null) throw notFound(LISTING_NOT_FOUND);
      const listing = await getListingForEnrichment(app.db, listingId);
      const found = await calling('google_books', () =>
        findBookMatch(books, listing, { volumeId: request.query.volumeId }),
      );
      return bookEnrichmentOf(listing, found);
    },
  );
}

/** The book dashboard's writes: apply a match, and the batch with its status. */
function registerBookUpdateRoutes(app: App, deps: EnrichmentDeps, kickRuns: () => void): void {
  const { services } = deps;
  app.post(
    '/google-books/apply-enrichment/:listingId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Apply chosen parts of a listing's Google Books match (cover stored, never hot-linked)",
        params: z.object({ listingId: IdParamSchema }),
        body: ApplyEnrichmentBodySchema,
        response: {
          200: ApplyEnrichmentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429, 503),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      requireService(services, 'google_books');
      const listingId = parseId(request.params.listingId);
      if (listingId === null) throw notFound(LISTING_NOT_FOUND);
      const { volumeId, ...parts } = request.body;
      return calling('google_books', () =>
        applyBookEnrichment(deps, { actor: admin, listingId, parts, volumeId }),
      );
    },
  );

  app.post(
    '/google-books/batch-enrich',
    {
      schema: {
        tags: TAGS,
        summary:
          'Enrich up to 20 book listings as a run (autoApply applies confident matches only)',
        body: BatchEnrichBodySchema,
        response: {
          202: BatchEnrichResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { runId } = await startBookBatch(deps, { admin, ...request.body });
      kickRuns();
      return reply.status(202).send(await getBookBatch(app.db, runId));
    },
  );

  app.get(
    '/google-books/batch-enrich/:runId',
    {
      schema: {
        tags: TAGS,
        summary: "A book batch's progress: results so far and the summary (admins)",
        params: z.object({ runId: IdParamSchema }),
        response: { 200: BatchEnrichResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      const runId = parseId(request.params.runId);
      if (runId === null) throw notFound(BATCH_NOT_FOUND);
      return getBookBatch(app.db, runId);
    },
  );
}
