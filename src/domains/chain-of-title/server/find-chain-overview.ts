import { and, asc, count, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { CHAIN_OVERVIEW_PAGE_SIZE, RIGHTS_GRANTING_TYPES } from '../chain-of-title.constants';
import { findChainGaps, todayInLondon, type ChainEntry } from '../chain-of-title.rules';
import type { ChainOverviewResponse } from '../chain-of-title.schema';
import { chainOfTitleDocuments } from './chain-of-title.tables';
import { toChainDocument } from './to-chain-document';

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin overview: listings (searched by title or author) with how many chain-of-title
 * documents each has and how many problems and warnings its chain shows, so listings with no
 * proof of rights stand out. `missing-proof` keeps only listings with no rights agreement or
 * assignment on file.
 */
export async function findChainOverview(
  db: Executor,
  options: {
    search?: string;
    page: number;
    pageSize?: number;
    filter: 'all' | 'missing-proof';
    now: Date;
  },
): Promise<ChainOverviewResponse> {
  const conditions: SQL[] = [];
  const search = options.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(listings.title, pattern), ilike(listings.author, pattern)) as SQL);
  }
  if (options.filter === 'missing-proof') {
    conditions.push(sql`not exists (
      select 1 from ${chainOfTitleDocuments}
      where ${chainOfTitleDocuments.listingId} = ${listings.id}
        and ${inArray(chainOfTitleDocuments.documentType, [...RIGHTS_GRANTING_TYPES])}
    )`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = options.pageSize ?? CHAIN_OVERVIEW_PAGE_SIZE;

  const [{ total }] = await db.select({ total: count() }).from(listings).where(where);
  const page = await db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      agentId: listings.agentId,
    })
    .from(listings)
    .where(where)
    .orderBy(asc(listings.title), asc(listings.id))
    .limit(pageSize)
    .offset((options.page - 1) * pageSize);

  const documentRows = page.length
    ? await db
        .select()
        .from(chainOfTitleDocuments)
        .where(
          inArray(
            chainOfTitleDocuments.listingId,
            page.map((listing) => listing.id),
          ),
        )
    : [];
  const byListing = new Map<number, ChainEntry[]>();
  for (const row of documentRows) {
    const entries = byListing.get(row.listingId) ?? [];
    entries.push(toChainDocument(row));
    byListing.set(row.listingId, entries);
  }
  const today = todayInLondon(options.now);

  return {
    rows: page.map((listing) => {
      const entries = byListing.get(listing.id) ?? [];
      const gaps = findChainGaps(entries, today);
      return {
        listing,
        documentCount: entries.length,
        problemCount: gaps.filter((gap) => gap.severity === 'problem').length,
        warningCount: gaps.filter((gap) => gap.severity === 'warning').length,
        hasProofOfRights: !gaps.some((gap) => gap.kind === 'no_proof_of_rights'),
      };
    }),
    total,
    page: options.page,
    pageSize,
  };
}
