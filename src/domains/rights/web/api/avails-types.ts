/** The avails answers, as the rights room's schema states them (one source for server and web). */
export type {
  AgentAvailsResponse as AgentAvails,
  AgentListingAvails,
  AvailsCell,
  AvailsHolder,
  ListingAvails,
} from '../../rights.schema';
