/** Query keys of the offers room; mutations invalidate by these. */
export const offersKeys = {
  all: ['offers'] as const,
  mySubmissions: () => [...offersKeys.all, 'my-submissions'] as const,
  agentOffers: (agentId: number) => [...offersKeys.all, 'agent', agentId] as const,
  agentListings: (agentId: number) => [...offersKeys.all, 'agent-listings', agentId] as const,
  agentAnalytics: (agentId: number) => [...offersKeys.all, 'agent-analytics', agentId] as const,
  listingViewers: (agentId: number, listingId: number) =>
    [...offersKeys.all, 'listing-viewers', agentId, listingId] as const,
};
