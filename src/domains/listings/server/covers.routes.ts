import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFound } from '@/shared/errors';
import { IdParamSchema, parseId } from '@/shared/ids';
import { COVER_NOT_FOUND, renderListingCover } from './render-cover';
import { rasteriseCover } from './rasterise-cover';
import { listingImageRoutes } from './listing-images.routes';

const CoverParamsSchema = z.object({ id: IdParamSchema });

const CoverQuerySchema = z.object({
  variant: z.coerce.number().int().min(1).max(99).optional(),
});

const COVER_CACHE_CONTROL = 'public, max-age=86400';
/** The cover of a listing off the market, drawn for its agent or an admin: never shared. */
const PRIVATE_COVER_CACHE_CONTROL = 'private, no-store';
const cacheControlOf = (isPublic: boolean) =>
  isPublic ? COVER_CACHE_CONTROL : PRIVATE_COVER_CACHE_CONTROL;

/**
 * GET /images/covers/:id.svg — generated cover art for a listing (registered without /api,
 * as the spec keeps /images/... as public paths). `?variant=n` gives the gallery images.
 */
export const coverRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uploaded listing images are public paths too.
  await app.register(listingImageRoutes);

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
          ...errorResponses(404),
        },
      },
      // A malformed id is simply a cover that does not exist: 404, not 400.
      attachValidation: true,
    },
    async (request, reply) => {
      const id = request.validationError ? null : parseId(request.params.id);
      if (id === null) throw notFound(COVER_NOT_FOUND);
      const { svg, isPublic } = await renderListingCover(app.db, {
        id,
        variant: request.query.variant,
        viewer: request.user,
      });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', cacheControlOf(isPublic))
        .send(svg);
    },
  );

  app.get(
    '/images/covers/:id.png',
    {
      schema: {
        tags: ['listings'],
        summary: 'The generated cover as PNG, for link previews (social sites do not read SVG)',
        params: CoverParamsSchema,
        querystring: CoverQuerySchema,
        response: {
          200: z.any().describe('image/png, 800 wide, in the medium’s proportion'),
          ...errorResponses(404),
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const id = request.validationError ? null : parseId(request.params.id);
      if (id === null) throw notFound(COVER_NOT_FOUND);
      const { svg, isPublic } = await renderListingCover(app.db, {
        id,
        variant: request.query.variant,
        viewer: request.user,
      });
      const png = await rasteriseCover(svg);
      return reply.type('image/png').header('cache-control', cacheControlOf(isPublic)).send(png);
    },
  );
};
