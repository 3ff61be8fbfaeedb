import { useCallback } from 'react';
import { useCurrentUser } from '@/domains/accounts/web';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/tracking/search body (part 1 section 3). */
export interface TrackSearchBody {
  searchQuery: string;
  filters: {
    genre?: string;
    medium?: string;
    priceRange?: string;
    commercialViability?: string;
  };
  resultsCount: number;
}

/** Records a catalogue search for analytics; a failure is never shown (the spec). */
export async function trackSearch(body: TrackSearchBody): Promise<void> {
  try {
    await apiRequest<unknown>('/api/tracking/search', { method: 'POST', body });
  } catch {
    // Tracking must never disturb the visitor.
  }
}

/** A search recorder that does nothing when signed out (only signed-in searches are kept). */
export function useTrackSearch() {
  const isSignedIn = useCurrentUser().user !== null;
  return useCallback(
    (body: TrackSearchBody) => {
      if (isSignedIn) void trackSearch(body);
    },
    [isSignedIn],
  );
}
