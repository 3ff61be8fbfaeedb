import { QueryClient } from '@tanstack/react-query';

/** The spec's data-fetching defaults: never stale, no refetch on focus or interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
