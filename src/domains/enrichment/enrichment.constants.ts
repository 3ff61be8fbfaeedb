/** The spec's numbers for enrichment (part 2 sections 5 and 9). */

export const ENRICHMENT_SOURCES = ['youtube', 'twitter', 'google_books'] as const;
export type EnrichmentSource = (typeof ENRICHMENT_SOURCES)[number];

/** Video batches: 1-10, default 5, one request a second. */
export const YOUTUBE_BATCH = { min: 1, max: 10, default: 5 } as const;
/** Microblogging batches: 1-20, default 5 (5-10 recommended), one request every 3 seconds. */
export const TWITTER_BATCH = { min: 1, max: 20, default: 5, recommendedMax: 10 } as const;
/** Books: a batch from the dashboard is at most 20 listings (a run holds at most 20). */
export const GOOGLE_BOOKS_BATCH = { min: 1, max: 20 } as const;

/** Pause between requests to each service (ms). Jobs take them injectable for tests. */
export const REQUEST_DELAY_MS: Record<EnrichmentSource, number> = {
  youtube: 1000,
  twitter: 3000,
  google_books: 250,
};

/** The admin pages poll run status this often. */
export const ENRICHMENT_POLL_MS = 5000;
/** The books search answers at most this many volumes. */
export const BOOKS_SEARCH_MAX_RESULTS = 5;

/** The setting that turns each service on: named by every 'not configured' answer and screen. */
export const ENRICHMENT_SETTING: Record<EnrichmentSource, string> = {
  youtube: 'YOUTUBE_API_KEY',
  twitter: 'X_BEARER_TOKEN',
  google_books: 'GOOGLE_BOOKS_API_KEY',
};

export const ENRICHMENT_SERVICE_NAME: Record<EnrichmentSource, string> = {
  youtube: 'YouTube',
  twitter: 'X',
  google_books: 'Google Books',
};

export const ENRICHMENT_MESSAGES = {
  failed: 'Enrichment Failed',
  statusUnavailable: 'Unable to load enrichment status',
  complete: 'Complete',
  inProgress: 'In Progress',
} as const;

export const notConfiguredMessage = (source: EnrichmentSource) =>
  `${ENRICHMENT_SERVICE_NAME[source]} is not configured: set ${ENRICHMENT_SETTING[source]}`;

/** Listings a page on the book dashboard (`GET /api/google-books/listings`), unless asked. */
export const BOOK_LISTINGS_PAGE_SIZE = 20;
