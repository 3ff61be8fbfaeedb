import type { ChainOverviewQuery } from '../../chain-of-title.schema';

export const chainOfTitleKeys = {
  all: ['chain-of-title'] as const,
  listing: (listingId: number) => [...chainOfTitleKeys.all, 'listing', listingId] as const,
  overviews: () => [...chainOfTitleKeys.all, 'overview'] as const,
  overview: (query: ChainOverviewQuery) => [...chainOfTitleKeys.overviews(), query] as const,
};
