/**
 * Front door of the tracking room's browser code: the recorders that composed pages call.
 * A failure to record is never shown to the visitor (the spec).
 */
export { useTrackActivity, type ActivityType } from './api/track-activity';
export { useTrackSearch, type TrackSearchBody } from './api/track-search';
export { useListingViewTracking } from './hooks/use-listing-view-tracking';
