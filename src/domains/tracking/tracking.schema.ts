import { z } from 'zod';
import { safeString } from '@/shared/text';

/** Part 1 section 3: what a listing activity can be. */
export const ACTIVITY_TYPES = [
  'view',
  'favorite_toggle',
  'offer_click',
  'share',
  'download_materials',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const MAX_FILTER_LENGTH = 100;
const filterValue = (name: string) =>
  safeString()
    .max(MAX_FILTER_LENGTH, { error: `${name} must be at most ${MAX_FILTER_LENGTH} characters` })
    .optional();

/** POST /api/tracking/search: a catalogue search and how many listings it found. */
export const TrackSearchBodySchema = z.object({
  searchQuery: safeString({ error: 'searchQuery must be text' }).max(500, {
    error: 'searchQuery must be at most 500 characters',
  }),
  filters: z
    .object({
      genre: filterValue('genre'),
      medium: filterValue('medium'),
      priceRange: filterValue('priceRange'),
      commercialViability: filterValue('commercialViability'),
    })
    .default({}),
  resultsCount: z
    .number({ error: 'resultsCount must be a number' })
    .int({ error: 'resultsCount must be a whole number' })
    .min(0, { error: 'resultsCount must not be negative' })
    .max(10_000_000, { error: 'resultsCount is too large' }),
});
export type TrackSearchBody = z.infer<typeof TrackSearchBodySchema>;

/** A day: longer "time spent" on one listing is a tab left open, not reading. */
export const MAX_TIME_SPENT_SECONDS = 24 * 60 * 60;

/**
 * POST /api/tracking/activity (also sent by navigator.sendBeacon as text/plain JSON).
 * timeSpent is in whole seconds.
 */
export const TrackActivityBodySchema = z.object({
  listingId: z
    .number({ error: 'listingId must be a number' })
    .int({ error: 'listingId must be a whole number' })
    .positive({ error: 'listingId must be positive' }),
  activityType: z.enum(ACTIVITY_TYPES, {
    error: `activityType must be one of ${ACTIVITY_TYPES.join(', ')}`,
  }),
  timeSpent: z
    .number({ error: 'timeSpent must be a number of seconds' })
    .int({ error: 'timeSpent must be whole seconds' })
    .min(0, { error: 'timeSpent must not be negative' })
    .max(MAX_TIME_SPENT_SECONDS, { error: 'timeSpent must be at most a day' })
    .optional(),
  sessionId: safeString()
    .max(100, { error: 'sessionId must be at most 100 characters' })
    .optional(),
  userAgent: safeString()
    .max(500, { error: 'userAgent must be at most 500 characters' })
    .optional(),
});
export type TrackActivityBody = z.infer<typeof TrackActivityBodySchema>;
