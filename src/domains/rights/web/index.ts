/**
 * Front door of the rights room's browser code (issue 29): the grid of a listing's rights
 * (media × territories: available, under offer, optioned until a date, sold), the picker
 * offers and counters choose their part from, and the hooks that read the avails.
 */
export { RightsGrid } from './components/rights-grid';
export { ListingAvailsPanel } from './components/listing-avails-panel';
export { AgentAvailsPanel } from './components/agent-avails-panel';
export { AvailsPicker } from './components/avails-picker';
export { useListingAvails } from './api/get-listing-avails';
export { useAgentAvails } from './api/get-agent-avails';
export { rightsKeys } from './api/rights-keys';
export type {
  AgentAvails,
  AgentListingAvails,
  AvailsCell,
  ListingAvails,
} from './api/avails-types';
export {
  defaultPart,
  keysOf,
  pickError,
  verdictOf,
  type Part,
  type PickerGrid,
} from './lib/part-picking';
