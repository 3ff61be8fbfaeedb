import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';

export const CHAIN_LISTING_NOT_FOUND = 'Listing not found';
export const CHAIN_DOCUMENT_NOT_FOUND = 'Document not found';

export interface ChainListing {
  id: number;
  title: string;
  author: string;
  agentId: number | null;
}

/** The listing a chain belongs to, or NOT_FOUND. */
export async function getChainListing(db: Executor, listingId: number): Promise<ChainListing> {
  const [listing] = await db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      agentId: listings.agentId,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw notFound(CHAIN_LISTING_NOT_FOUND);
  return listing;
}

/**
 * Who may read a listing's chain of title and download its documents: admins, and the
 * listing's own agent (the papers are theirs and their client's). Producers never: the chain
 * is shown to a buyer by the agent, in a deal, not browsed.
 */
export function requireChainReader(user: UserRow, listing: ChainListing): void {
  if (user.role === 'admin') return;
  if (user.role === 'agent' && listing.agentId === user.id) return;
  throw forbidden("Only the listing's agent and admins can see its chain of title");
}
