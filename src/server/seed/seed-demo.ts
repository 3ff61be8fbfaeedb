import type { Database } from '../db/client';

export interface SeedSummary {
  listings: number;
  agents: number;
}

/** Loads the demo catalogue and demo accounts when the database has no users and no listings. */
export async function seedDemoIfEmpty(
  _db: Database,
  _options: { listings: number },
): Promise<SeedSummary | null> {
  return null;
}
