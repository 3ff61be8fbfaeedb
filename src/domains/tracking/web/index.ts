/**
 * Front door of the tracking room's browser code: the recorders that composed pages call.
 * A failure to record is never shown to the visitor (the spec).
 */
export { useTrackActivity } from './api/track-activity';
export { useTrackSearch } from './api/track-search';
export { useListingViewTracking } from './hooks/use-listing-view-tracking';
