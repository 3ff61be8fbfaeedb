/** Query keys of the offers room; mutations invalidate by these (the insights room's too). */
export const offersKeys = {
  all: ['offers'] as const,
  mySubmissions: () => [...offersKeys.all, 'my-submissions'] as const,
  agentOffers: (agentId: number) => [...offersKeys.all, 'agent', agentId] as const,
  agentListings: (agentId: number) => [...offersKeys.all, 'agent-listings', agentId] as const,
};
