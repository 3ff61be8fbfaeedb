import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/shared/errors';
import { renderListingCover } from './render-cover';

const ErrorSchema = z.object({ message: z.string(), code: z.string() }).loose();

const CoverParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const CoverQuerySchema = z.object({
  variant: z.coerce.number().int().min(1).max(99).optional(),
});

const COVER_CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET /images/covers/:id.svg — generated cover art for a listing (registered without /api,
 * as the spec keeps /images/... as public paths). `?variant=n` gives the gallery images.
 */
export const coverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/covers/:id.svg',
    {
      schema: {
        tags: ['listings'],
        summary: 'Generated SVG cover of a listing',
        params: CoverParamsSchema,
        querystring: CoverQuerySchema,
        response: {
          200: z.string().describe('image/svg+xml, 400x600'),
          404: ErrorSchema,
        },
      },
      // A malformed id is simply a cover that does not exist: 404, not 400.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw notFound('Cover not found');
      const svg = await renderListingCover(app.db, {
        id: request.params.id,
        variant: request.query.variant,
      });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', COVER_CACHE_CONTROL)
        .send(svg);
    },
  );
};
