import type { Right } from '@/domains/listings/listings.constants';
import type { CellState } from '../../rights.constants';

/*
 * The avails answers as the contract of issue 29 states them. They are declared here until
 * the rights room's `rights.schema.ts` (written beside this work) can be imported; the merge
 * replaces these declarations by the schema's inferred types.
 */

/** Who holds a taken or offered cell: shown to the listing's agent and admins only. */
export interface AvailsHolder {
  offerId: number | null;
  producerName: string | null;
}

/** One square of the grid: a medium in a territory, and what state it is in. */
export interface AvailsCell {
  media: Right;
  territory: string;
  state: CellState;
  /** ISO end of the option for 'optioned' (null when unknown, e.g. a legacy option). */
  until: string | null;
  /** Null for everyone but the listing's agent and admins. */
  holder: AvailsHolder | null;
}

/** GET /api/listings/{id}/avails */
export interface ListingAvails {
  listingId: number;
  status: string;
  media: Right[];
  territories: string[];
  cells: AvailsCell[];
}

/** One listing of GET /api/agent/avails (cells carry their holders). */
export interface AgentListingAvails {
  listingId: number;
  title: string;
  status: string;
  media: Right[];
  territories: string[];
  cells: AvailsCell[];
}

/** GET /api/agent/avails */
export interface AgentAvails {
  listings: AgentListingAvails[];
  /** How many listings the agent has in all (the answer pages with limit and offset). */
  total?: number;
}
