/**
 * The rights room's server front door (issue 29): which parts of a listing's rights are free,
 * under option until a date, or sold. Rights depends on listings (it keeps each listing's
 * status and catalogue avails true); offers (acceptance) and the option's life after signing
 * call it; it never depends on them.
 */
import type { RoomModule } from '@/server/room-module';

export const rightsRoom: RoomModule = {
  name: 'rights',
};

export { extendGrant, findGrantByOffer, findGrantCells, markGrantSold } from './change-grant';
export type { RightsGrantRow, RightsGrantCellRow } from './rights.tables';
export { grantRights, type GrantRequest } from './grant-rights';
export { cellKeyOf, cellsOf, type RightsCell } from '../rights.constants';
export { refreshListingRights } from './refresh-listing-rights';
export { lapseDueGrants } from './lapse-due-grants';
export { restartGrantTerm } from './restart-grant-term';
