import { z } from 'zod';
import { safeString } from '@/shared/text';
import { ListListingsQuerySchema } from '@/domains/listings/listings.schema';

export const SAVED_SEARCH_FREQUENCIES = ['immediate', 'daily', 'weekly', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
export const SAVED_SEARCH_LIMIT = 25;

/** The catalogue search being saved: its words and every filter, as GET /api/listings reads them. */
export const SavedSearchQuerySchema = ListListingsQuerySchema.pick({
  search: true,
  medium: true,
  genre: true,
  priceRange: true,
  commercialViability: true,
  rights: true,
  territory: true,
  exclusivity: true,
  availableMedia: true,
  availableTerritory: true,
});
export type SavedSearchQuery = z.infer<typeof SavedSearchQuerySchema>;

const frequency = z.enum(SAVED_SEARCH_FREQUENCIES, {
  error: `frequency must be one of ${SAVED_SEARCH_FREQUENCIES.join(', ')}`,
});

export const SavedSearchBodySchema = z.object({
  name: safeString()
    .trim()
    .min(1, { error: 'Name the search' })
    .max(100, { error: 'The name must be at most 100 characters' }),
  query: SavedSearchQuerySchema,
  frequency: frequency.default('daily'),
});
export type SavedSearchBody = z.infer<typeof SavedSearchBodySchema>;

// An update with nothing in it is the caller's mistake (it used to reach the database as an
// UPDATE with no columns and answer 500): refused, saying what to send.
export const SavedSearchUpdateSchema = z
  .object({
    name: SavedSearchBodySchema.shape.name.optional(),
    frequency: frequency.optional(),
  })
  .refine((update) => update.name !== undefined || update.frequency !== undefined, {
    error: 'Send a new name or frequency for the saved search',
  });

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: SavedSearchQuerySchema,
  frequency: frequency,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const UnsubscribeQuerySchema = z.object({
  token: z.string().max(200, { error: 'token is too long' }),
});
