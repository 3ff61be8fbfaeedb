/** The rights room's query keys: a decision on any offer invalidates `all`. */
export const rightsKeys = {
  all: ['rights'] as const,
  listing: (listingId: number) => ['rights', 'listing', listingId] as const,
  agent: ['rights', 'agent'] as const,
};
