import { ApiError } from '@/web/lib/api-client';

export type ListingLoadFailure =
  | { kind: 'signed-out' }
  /** The free tier's monthly view limit; `resetDate` when the server gave one. */
  | { kind: 'limit'; resetDate: string | null }
  | { kind: 'not-found' }
  | { kind: 'other' };

/**
 * The spec's reading of a failed listing fetch (part 1 section 8), by the answer's error
 * code: never by its message text, and not every 403 is the view limit.
 */
export function listingLoadFailure(error: unknown): ListingLoadFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return { kind: 'signed-out' };
    case 'LIMIT_REACHED': {
      const { resetDate } = error.body;
      return { kind: 'limit', resetDate: typeof resetDate === 'string' ? resetDate : null };
    }
    case 'NOT_FOUND':
      return { kind: 'not-found' };
    default:
      return { kind: 'other' };
  }
}
