import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { requireVisibleListing } from '@/domains/listings/server';
import type { Executor } from '@/server/db/client';
import { compareChainEntries, findChainGaps, todayInLondon } from '../chain-of-title.rules';
import type { ChainOfTitleResponse } from '../chain-of-title.schema';
import { CHAIN_LISTING_NOT_FOUND, requireChainReader } from './chain-access';
import { chainOfTitleDocuments } from './chain-of-title.tables';
import { toChainDocument } from './to-chain-document';

/** A listing's chain of title: its documents in timeline order and the gaps in it. */
export async function getChainOfTitle(
  db: Executor,
  options: { user: UserRow; listingId: number; now: Date },
): Promise<ChainOfTitleResponse> {
  // A listing the reader may not see is missing to them, not forbidden (no oracle, issue 27).
  const listing = await requireVisibleListing(
    db,
    options.user,
    options.listingId,
    CHAIN_LISTING_NOT_FOUND,
  );
  requireChainReader(options.user, listing);
  const rows = await db
    .select()
    .from(chainOfTitleDocuments)
    .where(eq(chainOfTitleDocuments.listingId, listing.id));
  const documents = rows.map(toChainDocument).sort(compareChainEntries);
  return {
    listing,
    documents,
    gaps: findChainGaps(documents, todayInLondon(options.now)),
    canEdit: options.user.role === 'admin',
  };
}
