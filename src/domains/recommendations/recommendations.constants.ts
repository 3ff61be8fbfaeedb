/** Part 2 section 9: the AI recommendations page asks for 8; part 1 section 9: the home page 3. */
export const RECOMMENDATIONS_LIMIT = 8;
export const HOME_RECOMMENDATIONS_LIMIT = 3;
/** Part 1 section 9: the progress is polled every 800 ms; section 4: it starts at 5. */
export const PROGRESS_POLL_MS = 800;
export const INITIAL_PROGRESS = 5;
/** The listing page's 'Similar titles'. */
export const SIMILAR_LIMIT = 6;
/** Part 1 section 7: 5 'Commercially Viable', 1 'Not My Market'. */
export const FEEDBACK_RATINGS = { commerciallyViable: 5, notMyMarket: 1 } as const;
export const FEEDBACK_MAX_LENGTH = 1000;
/** Part 1 section 2: the match badge is green at 80+, yellow at 60+, else orange. */
export type MatchBand = 'green' | 'yellow' | 'orange';
export function matchBand(score: number): MatchBand {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'orange';
}
/** Search by meaning: the describing sentence. */
export const MEANING_MIN_LENGTH = 3;
export const MEANING_MAX_LENGTH = 300;
/** How many ranked results a search by meaning keeps (pages are cut from these). */
export const MEANING_POOL_SIZE = 120;
/** The spec's roles table: AI recommendations are for (premium) producers (issue 31). */
export const PRODUCERS_ONLY = 'AI recommendations are for producers';
/** How many of a 'Not My Market' title's nearest titles are placed lower with it. */
export const NOT_MY_MARKET_NEIGHBOURS = 3;
