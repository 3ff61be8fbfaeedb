import type { Executor } from '@/server/db/client';
import type { TrackSearchBody } from '../tracking.schema';
import { searchEvents } from './tracking.tables';

/** Stores a catalogue search for analytics and recommendations. */
export async function recordSearch(
  db: Executor,
  { userId, body }: { userId: number; body: TrackSearchBody },
): Promise<void> {
  await db.insert(searchEvents).values({
    userId,
    searchQuery: body.searchQuery,
    filters: body.filters,
    resultsCount: body.resultsCount,
  });
}
