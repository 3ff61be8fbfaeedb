import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireUser } from '@/server/plugins/session';
import { ListingCardSchema, ListingIdParamsSchema } from '@/domains/listings/listings.schema';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import { FavouriteStatusSchema } from '../favourites.schema';
import { addFavourite } from './add-favourite';
import { findFavourites } from './find-favourites';
import { getFavouriteStatus } from './get-favourite-status';
import { removeFavourite } from './remove-favourite';

/** The signed-in user and the listing named in the path (404 for a non-numeric id). */
function favouriteTarget(request: FastifyRequest, rawId: string) {
  const user = requireUser(request);
  const listingId = parseId(rawId);
  if (listingId === null) throw notFound(LISTING_NOT_FOUND);
  return { user, listingId };
}

const statusRoute = (summary: string) => ({
  onRequest: async (request: FastifyRequest) => void requireUser(request),
  schema: {
    tags: ['favourites'],
    summary,
    params: ListingIdParamsSchema,
    response: { 200: FavouriteStatusSchema, ...errorResponses(401, 404) },
  },
});

export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/favorites',
    {
      schema: {
        tags: ['favourites'],
        summary: "The signed-in user's favourite listings, most recent first",
        response: { 200: z.array(ListingCardSchema), ...errorResponses(401) },
      },
    },
    async (request) => findFavourites(app.db, requireUser(request)),
  );

  app.get('/favorites/:id/status', statusRoute('Whether the listing is a favourite'), (request) =>
    getFavouriteStatus(app.db, favouriteTarget(request, request.params.id)),
  );

  app.post('/favorites/:id', statusRoute('Favourite a listing (idempotent)'), (request) =>
    addFavourite(app.db, favouriteTarget(request, request.params.id)),
  );

  app.delete('/favorites/:id', statusRoute('Remove a favourite (idempotent)'), (request) =>
    removeFavourite(app.db, favouriteTarget(request, request.params.id)),
  );
};
