/**
 * The rights room's server front door (issue 29): which parts of a listing's rights are free,
 * under option until a date, or sold. Rights depends on listings (it keeps each listing's
 * status and catalogue avails true), notifications and chain of title (a lapse is told and
 * recorded), and reads the offers' tables for the grid's 'under offer'; offers (acceptance)
 * and the option's life after signing call it; it never calls them.
 */
import type { RoomModule } from '@/server/room-module';
import { rightsJobs } from './rights-jobs';
import { rightsRoutes } from './rights.routes';

export const rightsRoom: RoomModule = {
  name: 'rights',
  routes: rightsRoutes,
  jobs: rightsJobs,
};

export { extendGrant, findGrantByOffer, findGrantCells, markGrantSold } from './change-grant';
export type { RightsGrantRow, RightsGrantCellRow } from './rights.tables';
export { grantRights, type GrantRequest } from './grant-rights';
export { cellKeyOf, cellsOf, type RightsCell } from '../rights.constants';
export { refreshListingRights } from './refresh-listing-rights';
export { lapseDueGrants, type ReversionDeps } from './lapse-due-grants';
export { getListingAvails } from './get-listing-avails';
// The demo seed's optioned and sold titles: legacy grants of their whole grids, in bulk.
export { grantLegacyRights } from './grant-legacy-rights';
export { findLiveCells, type LiveCell } from './find-live-cells';
export { restartGrantTerm } from './restart-grant-term';
