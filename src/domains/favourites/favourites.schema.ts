import { z } from 'zod';

/** GET /api/favorites/:id/status, and the answer of POST and DELETE /api/favorites/:id. */
export const FavouriteStatusSchema = z.object({ isFavorited: z.boolean() });
export type FavouriteStatus = z.infer<typeof FavouriteStatusSchema>;
