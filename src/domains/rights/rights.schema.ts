import { z } from 'zod';
import { LISTING_STATUSES, RIGHTS } from '@/domains/listings/listings.constants';
import { IdParamSchema } from '@/shared/ids';
import { CELL_STATES } from './rights.constants';

/**
 * The avails grid (issue 29): one cell per medium × territory a listing offers, what it is
 * now. Shared by the routes and the browser (the listing page's grid, the offer form, the
 * agent dashboard).
 */
export const AvailsHolderSchema = z.object({
  /** The accepted offer that holds it; null for an option recorded before issue 29. */
  offerId: z.number().int().nullable(),
  /** "First Last (Company)"; null when unknown (a legacy option, or the account is gone). */
  producerName: z.string().nullable(),
});
export type AvailsHolder = z.infer<typeof AvailsHolderSchema>;

export const AvailsCellSchema = z.object({
  media: z.enum(RIGHTS),
  /** As the listing spells it. */
  territory: z.string(),
  state: z.enum(CELL_STATES),
  /** ISO end of the option for 'optioned' (null when unknown, or not optioned). */
  until: z.string().nullable(),
  /** Who holds it: only for the listing's agent and admins; null for everyone else. */
  holder: AvailsHolderSchema.nullable(),
});
export type AvailsCell = z.infer<typeof AvailsCellSchema>;

export const ListingAvailsSchema = z.object({
  listingId: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  /** The grid's rows and columns, in the listing's order (territories once each). */
  media: z.array(z.enum(RIGHTS)),
  territories: z.array(z.string()),
  cells: z.array(AvailsCellSchema),
});
export type ListingAvails = z.infer<typeof ListingAvailsSchema>;

export const ListingAvailsParamsSchema = z.object({ id: IdParamSchema });

export const AGENT_AVAILS_DEFAULT_LIMIT = 100;
export const AGENT_AVAILS_MAX_LIMIT = 500;

export const AgentAvailsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(AGENT_AVAILS_MAX_LIMIT, { error: 'limit must be a whole number from 1 to 500' })
    .default(AGENT_AVAILS_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int({ error: 'offset must be a whole number, 0 or more' })
    .min(0, { error: 'offset must be a whole number, 0 or more' })
    .max(1_000_000, { error: 'offset must be a whole number, 0 or more' })
    .default(0),
});
export type AgentAvailsQuery = z.infer<typeof AgentAvailsQuerySchema>;

export const AgentListingAvailsSchema = ListingAvailsSchema.extend({ title: z.string() });
export type AgentListingAvails = z.infer<typeof AgentListingAvailsSchema>;

export const AgentAvailsResponseSchema = z.object({
  /** Listings with a deal or an open offer first, then the newest. */
  listings: z.array(AgentListingAvailsSchema),
  /** How many listings the agent has in all (the list pages with limit and offset). */
  total: z.number().int(),
});
export type AgentAvailsResponse = z.infer<typeof AgentAvailsResponseSchema>;

/** The test clock (TEST_CLOCK=true only): move time forward and run the reversion now. */
export const AdvanceClockBodySchema = z.object({
  advanceDays: z
    .number({ error: 'advanceDays must be a number of days from 0 to 3650' })
    .min(0, { error: 'advanceDays must be a number of days from 0 to 3650' })
    .max(3650, { error: 'advanceDays must be a number of days from 0 to 3650' }),
});
export type AdvanceClockBody = z.infer<typeof AdvanceClockBodySchema>;

export const AdvanceClockResponseSchema = z.object({
  /** The clock's time now (ISO). */
  now: z.string(),
  /** The grants that lapsed in the reversion this ran. */
  lapsedGrants: z.array(z.number().int()),
});
export type AdvanceClockResponse = z.infer<typeof AdvanceClockResponseSchema>;
