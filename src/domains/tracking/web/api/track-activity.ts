import { useCallback } from 'react';
import { useCurrentUser } from '@/domains/accounts/web';
import { apiRequest } from '@/web/lib/api-client';
import { trackingSessionId } from '../session-id';

export type ActivityType =
  'view' | 'favorite_toggle' | 'offer_click' | 'share' | 'download_materials';

/** POST /api/tracking/activity body (part 1 section 3). */
export interface TrackActivityBody {
  listingId: number;
  activityType: ActivityType;
  /** Whole seconds on the listing; 0 for anything but a view. */
  timeSpent: number;
  sessionId: string;
  userAgent: string;
}

const ACTIVITY_URL = '/api/tracking/activity';
const MAX_USER_AGENT_LENGTH = 500;

export function activityBody(
  listingId: number,
  activityType: ActivityType,
  timeSpent = 0,
): TrackActivityBody {
  return {
    listingId,
    activityType,
    timeSpent,
    sessionId: trackingSessionId,
    userAgent: navigator.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
  };
}

/** Records one activity; a failure is never shown (the spec). */
export async function trackActivity(body: TrackActivityBody): Promise<void> {
  try {
    await apiRequest<unknown>(ACTIVITY_URL, { method: 'POST', body });
  } catch {
    // Tracking must never disturb the visitor.
  }
}

/**
 * Records an activity while the page is going away: sendBeacon survives the unload (the
 * server reads its text/plain body as JSON); fetch with keepalive when a beacon cannot go.
 */
export function sendActivityBeacon(body: TrackActivityBody): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(ACTIVITY_URL, new Blob([json], { type: 'text/plain' }));
      if (queued) return;
    }
    void fetch(ACTIVITY_URL, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: json,
    }).catch(() => undefined);
  } catch {
    // Tracking must never disturb the visitor.
  }
}

/** An activity recorder that does nothing when signed out. */
export function useTrackActivity() {
  const isSignedIn = useCurrentUser().user !== null;
  return useCallback(
    (listingId: number, activityType: ActivityType) => {
      if (isSignedIn) void trackActivity(activityBody(listingId, activityType));
    },
    [isSignedIn],
  );
}
