import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/session';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { ListingDeletedResponseSchema } from '../listing-form.schema';
import { deleteListing } from './delete-listing';

/**
 * DELETE /api/listings/{id}: the listing goes (or is kept, withdrawn); the offers room's
 * registered step settles its offers' money first (listing-deletion-steps.ts).
 */
export const deleteListingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary:
          'The agent deletes their listing: open holds released first; kept, withdrawn, if an offer was accepted',
        params: z.object({ id: z.string() }),
        response: {
          200: ListingDeletedResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseId(request.params.id);
      if (id === null) throw notFound('Listing not found');
      return deleteListing(app, user, id);
    },
  );
};
