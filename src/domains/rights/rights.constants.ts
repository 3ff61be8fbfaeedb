/**
 * Rights availability (issue 29): a listing's rights are a grid of media (the listing's
 * `rightsAvailable`) × territories (its `territory`, spelled as the agent spelled them). An
 * accepted offer takes a grant of some cells for the option period; a grant's cells are live
 * while it is optioned or sold, and two live cells never share a listing, medium and territory
 * (a unique index enforces it). Every deal starts at its acceptance, so "no overlap in media,
 * territory and time" is exactly "no two live cells on the same square".
 */
export const GRANT_STATUSES = ['optioned', 'sold', 'lapsed'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];
/** A grant whose cells are taken: nobody else may option them. */
export const LIVE_GRANT_STATUSES = ['optioned', 'sold'] as const satisfies readonly GrantStatus[];

/** What the grid shows of one cell. 'under_offer' is informational: open offers cover it. */
export const CELL_STATES = ['available', 'under_offer', 'optioned', 'sold'] as const;
export type CellState = (typeof CELL_STATES)[number];

// The grid's cells and their keys belong to the listing (its status follows from them).
export { cellKeyOf, cellsOf, type RightsCell } from '@/domains/listings/rights-grid.rules';
