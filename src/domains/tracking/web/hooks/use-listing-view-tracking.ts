import { useEffect } from 'react';
import { useCurrentUser } from '@/domains/accounts/web';
import { activityBody, sendActivityBeacon } from '../api/track-activity';

/** The spec: a view is recorded on leaving only after at least this long. */
export const MIN_VIEW_SECONDS = 3;

/**
 * Records a 'view' with the seconds spent when the visitor leaves the listing: another
 * route, or the page itself going away (pagehide). Pass null until the listing is shown.
 */
export function useListingViewTracking(listingId: number | null) {
  const isSignedIn = useCurrentUser().user !== null;

  useEffect(() => {
    if (listingId === null || !isSignedIn) return;
    let startedAt = performance.now();
    let isRecorded = false;

    const finish = () => {
      if (isRecorded) return;
      isRecorded = true;
      const seconds = Math.floor((performance.now() - startedAt) / 1000);
      if (seconds >= MIN_VIEW_SECONDS) {
        sendActivityBeacon(activityBody(listingId, 'view', seconds));
      }
    };
    // Back from the back/forward cache: the same listing is being viewed again.
    const restart = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      startedAt = performance.now();
      isRecorded = false;
    };

    window.addEventListener('pagehide', finish);
    window.addEventListener('pageshow', restart);
    return () => {
      window.removeEventListener('pagehide', finish);
      window.removeEventListener('pageshow', restart);
      finish();
    };
  }, [listingId, isSignedIn]);
}
