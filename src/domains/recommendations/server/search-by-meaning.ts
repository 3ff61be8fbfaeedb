import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import {
  filterCondition,
  findMatchingListingIds,
  hasAnyFilter,
  listingCardColumns,
  searchWords,
  toCatalogueFilters,
  toListingCard,
} from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { MEANING_POOL_SIZE } from '../recommendations.constants';
import type { MeaningSearchQuery, MeaningSearchResponse } from '../recommendations.schema';
import type { Embedder } from './embedder';
import { intArray } from '@/server/db/int-array';
import { findNearestListings, type VectorCapability } from './vector-store';

/** Reciprocal rank fusion constant (the usual 60) and the keyword list's weight. */
const RRF_K = 60;
const KEYWORD_WEIGHT = 0.5;
const KEYWORD_POOL = 240;
/**
 * Up to this many listings matching the filters are compared exactly (ids from the catalogue
 * index); more, and the HNSW index's filtered scan finds matches soon enough on its own.
 */
const EXACT_AMONG_MAX = 20_000;
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have i in into is it its me my of on or set that the their them there these they this to was we were where which who with about want looking'.split(
    ' ',
  ),
);

/**
 * Search by meaning (decision 015): the description is embedded (in the worker) and the
 * listings nearest to it among those matching every catalogue filter are fused with the
 * keyword ranking of the same words (any word, full-text rank over the newest matches), by
 * reciprocal rank fusion. The keyword search of GET /api/listings is untouched.
 */
export async function searchByMeaning(
  deps: { db: Database; embedder: Embedder; capability?: VectorCapability },
  query: MeaningSearchQuery,
): Promise<MeaningSearchResponse> {
  const { db, embedder } = deps;
  const { meaning, limit, offset, ...rest } = query;
  const filters = toCatalogueFilters({ ...rest, limit, offset });
  const where = filterCondition(filters);
  const [vector] = await embedder.embed([meaning]);
  const words = searchWords(meaning).filter((word) => word.length > 2 && !STOP_WORDS.has(word));
  // A selective filter (a genre: a few percent of the catalogue) makes the approximate scan
  // visit thousands of vectors it must skip, and its SQL test of each (tags ILIKE) costs more
  // than the comparison: the catalogue index names the matches instead (issue 16).
  const among = hasAnyFilter(filters)
    ? await findMatchingListingIds(db, filters, EXACT_AMONG_MAX)
    : null;
  const [neighbours, keywordIds] = await Promise.all([
    findNearestListings(db, {
      vector,
      where,
      among: among ?? undefined,
      limit: MEANING_POOL_SIZE,
      capability: deps.capability,
    }),
    words.length === 0
      ? Promise.resolve<number[]>([])
      : findKeywordRanked(db, words, among ? sql`${listings.id} = any(${intArray(among)})` : where),
  ]);

  const fused = new Map<number, number>();
  neighbours.forEach((neighbour, rank) => {
    fused.set(neighbour.listingId, 1 / (RRF_K + rank + 1));
  });
  keywordIds.forEach((id, rank) => {
    fused.set(id, (fused.get(id) ?? 0) + KEYWORD_WEIGHT / (RRF_K + rank + 1));
  });
  const ranked = [...fused]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, MEANING_POOL_SIZE)
    .map(([id]) => id);
  const pageIds = ranked.slice(offset, offset + limit);
  if (pageIds.length === 0) return { items: [], total: ranked.length };
  const rows = await db
    .select(listingCardColumns)
    .from(listings)
    .where(inArray(listings.id, pageIds));
  const cards = new Map(rows.map((row) => [row.id, row]));
  return {
    items: pageIds.flatMap((id) => {
      const row = cards.get(id);
      return row ? [toListingCard(row)] : [];
    }),
    total: ranked.length,
  };
}

/** Listings containing any of the words, the newest matches ranked by full-text rank. */
async function findKeywordRanked(
  db: Database,
  words: string[],
  where: ReturnType<typeof filterCondition>,
): Promise<number[]> {
  const tsQuery = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' | ')})`;
  const result = await db.execute<{ id: number }>(sql`
    select id from (
      select ${listings.id} as id, ${listings.searchVector} as document, ${listings.createdAt} as created_at
      from ${listings}
      where ${and(where, sql`${listings.searchVector} @@ ${tsQuery}`)}
      order by ${listings.createdAt} desc, ${listings.id} desc
      limit ${KEYWORD_POOL}
    ) as newest
    order by ts_rank(document, ${tsQuery}) desc, created_at desc, id desc
    limit ${MEANING_POOL_SIZE}`);
  return result.rows.map((row) => Number(row.id));
}
