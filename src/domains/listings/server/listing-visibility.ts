import { eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { HIDDEN_STATUSES, type ListingStatus } from '../listings.constants';
import { listings } from './listings.tables';

/**
 * Who may see a listing: THE rule (issue 27, decision 008's addendum). Every route and job
 * that takes or shows a listing asks it, so a listing off the market cannot leak through a
 * side door (a cover, a favourite, a question...).
 *
 * - On the market (available, optioned, sold): everyone, signed in or not.
 * - Off the market (a draft of an agent awaiting approval; withdrawn, whether by the agent's
 *   suspension or their account closing): only its own agent and administrators. To anyone
 *   else it is answered exactly as a listing that does not exist (404, same message), so the
 *   answer is no oracle of its existence.
 *
 * `null` is a signed-out visitor, and also "the market" for jobs that speak to many people
 * (sitemap, alerts, recommendations): they pass null, not the recipient.
 */
export const LISTING_NOT_FOUND = 'Listing not found';

export type ListingViewer = Pick<UserRow, 'id' | 'role'> | null;

/** The two facts the rule reads. */
export interface ListingVisibilityFacts {
  agentId: number | null;
  status: string;
}

export function isOnMarket(status: string): boolean {
  return !HIDDEN_STATUSES.includes(status as ListingStatus);
}

export function canSeeListing(viewer: ListingViewer, listing: ListingVisibilityFacts): boolean {
  if (isOnMarket(listing.status)) return true;
  if (!viewer) return false;
  return viewer.role === 'admin' || viewer.id === listing.agentId;
}

/** The same rule as SQL on `listings`, for lists and joins. */
export function listingVisibleTo(viewer: ListingViewer): SQL {
  const onMarket = notInArray(listings.status, [...HIDDEN_STATUSES]);
  if (!viewer) return onMarket;
  if (viewer.role === 'admin') return sql`true`;
  return or(onMarket, eq(listings.agentId, viewer.id)) as SQL;
}

/** Listings on the market: what anyone may see (the catalogue, the sitemap, alerts). */
export function listingOnMarket(): SQL {
  return listingVisibleTo(null);
}

export interface VisibleListing extends ListingVisibilityFacts {
  id: number;
  title: string;
  author: string;
}

/**
 * Guard: the listing, when it exists and the viewer may see it; otherwise NOT_FOUND with the
 * caller's message (the same for both, on purpose).
 */
export async function requireVisibleListing(
  db: Executor,
  viewer: ListingViewer,
  listingId: number,
  message = LISTING_NOT_FOUND,
): Promise<VisibleListing> {
  const [listing] = await db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      agentId: listings.agentId,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing || !canSeeListing(viewer, listing)) throw notFound(message);
  return listing;
}
