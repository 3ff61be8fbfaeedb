import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireRole, requireUser } from '@/server/plugins/session';
import { requirePremium } from '@/domains/membership/server';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import {
  AnalysisParamsSchema,
  AnalysisQuerySchema,
  AnalysisRunSchema,
  AnalysisSchema,
  AnalysisStatusSchema,
  BatchQuerySchema,
  BatchResponseSchema,
  EnhancedAnalysisQuerySchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '../analysis.schema';
import { findAnalysisBatch, searchAnalyses } from './find-analyses';
import { getAnalysisStatus } from './get-analysis-status';
import { getListingAnalysis } from './get-listing-analysis';
import { queueRecompute } from './recompute-analyses';
import { renderAnalysisPdf } from './render-analysis-pdf';

const TAGS = ['commercial analysis'];

/**
 * Commercial analysis (part 1 sections 2, 3 and 7; part 2 sections 2, 3 and 7): a listing's
 * analysis and its PDF (premium; an agent's own listings; admins), the viability dashboard's
 * batch (signed in), the search (premium), and the admin's coverage and recompute.
 */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commercial-analysis/batch',
    {
      schema: {
        tags: TAGS,
        summary: 'The viability dashboard: the best-scored analysed listings (limit 3, 5 or 10)',
        querystring: BatchQuerySchema,
        response: { 200: BatchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      requireUser(request);
      return findAnalysisBatch(app.db, request.query);
    },
  );

  app.get(
    '/commercial-analysis/search',
    {
      schema: {
        tags: TAGS,
        summary:
          'Search analyses by score, market size, production complexity and ROI potential (premium)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = requirePremium(request, 'commercialAnalysisSearch');
      return searchAnalyses(app.db, request.query, viewer);
    },
  );

  app.get(
    '/commercial-analysis/:listingId',
    {
      schema: {
        tags: TAGS,
        summary:
          "A listing's commercial analysis, every figure with its basis (premium); refresh=true recomputes",
        params: AnalysisParamsSchema,
        querystring: AnalysisQuerySchema,
        response: { 200: AnalysisSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requirePremium(request, 'commercialAnalysis');
      const listingId = idOrNotFound(request.params.listingId, LISTING_NOT_FOUND);
      const { analysis } = await getListingAnalysis(app.db, {
        listingId,
        viewer,
        refresh: request.query.refresh === 'true',
        now: new Date(),
      });
      return analysis;
    },
  );

  app.get(
    '/enhanced-analysis',
    {
      schema: {
        tags: TAGS,
        summary:
          'The enhanced analysis of a listing (premium): the same analysis, whose `enhanced` part the view reads',
        querystring: EnhancedAnalysisQuerySchema,
        response: { 200: AnalysisSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requirePremium(request, 'commercialAnalysis');
      const listingId = idOrNotFound(request.query.listingId, LISTING_NOT_FOUND);
      const { analysis } = await getListingAnalysis(app.db, {
        listingId,
        viewer,
        refresh: request.query.refresh === 'true',
        now: new Date(),
      });
      return analysis;
    },
  );

  app.get(
    '/commercial-analysis/:listingId/pdf',
    {
      schema: {
        tags: TAGS,
        summary: 'A one-page PDF summary of the analysis with its sources (premium)',
        params: AnalysisParamsSchema,
        response: {
          200: z.unknown().describe('The PDF (application/pdf), as an attachment'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = requirePremium(request, 'commercialAnalysis');
      const listingId = idOrNotFound(request.params.listingId, LISTING_NOT_FOUND);
      const { analysis, listing } = await getListingAnalysis(app.db, {
        listingId,
        viewer,
        refresh: false,
        now: new Date(),
      });
      const pdf = await renderAnalysisPdf(analysis, listing);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="analysis-${listingId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/admin/commercial-analysis/status',
    {
      schema: {
        tags: TAGS,
        summary:
          'Coverage, the latest recompute run, the score distribution, engine and sources (admins)',
        response: { 200: AnalysisStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return getAnalysisStatus(app.db);
    },
  );

  app.post(
    '/admin/commercial-analysis/recompute',
    {
      schema: {
        tags: TAGS,
        summary:
          'Queue a recompute of every listing’s analysis, worked by a job in slices (admins)',
        response: { 202: AnalysisRunSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const run = await queueRecompute(app.db, admin.id);
      return reply.status(202).send(run);
    },
  );
};
