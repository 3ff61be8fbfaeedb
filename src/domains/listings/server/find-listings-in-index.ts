import { desc, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { CatalogueSort } from '../listings.constants';
import type { ListListingsResponse } from '../listings.schema';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueIndex, CatalogueMatch } from './catalogue-index';
import { filtersKey, prefixTsQuery, type CatalogueFilters } from './catalogue-query';
import { listings } from './listings.tables';
import { intArrayLiteral } from '@/server/db/int-array';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';

/**
 * The ids, total and facets of one page, answered from the catalogue index (decision 018).
 * The index is only asked when the caches do not hold the answer: a popular page costs no
 * more than it did with SQL, and a cold one a few milliseconds.
 */
export async function findPageInIndex(
  db: Executor,
  cache: CatalogueCache,
  index: CatalogueIndex,
  request: {
    filters: CatalogueFilters;
    sort: CatalogueSort;
    limit: number;
    offset: number;
    poolSize: number;
  },
): Promise<{ ids: number[]; total: number; facets: ListListingsResponse['facets'] }> {
  const { filters, sort, limit, offset, poolSize } = request;
  const key = filtersKey(filters);
  let match: CatalogueMatch | undefined;
  const matched = () => (match ??= index.match(filters));
  const counts = await cache.indexCounts.get(key, async () => {
    const { total, facets } = matched();
    return { total, facets };
  });
  const ids: number[] = [];
  const addPage = async (order: CatalogueSort, from: number, count: number) => {
    const page = await cache.resultIds.get(`${key}|${order}|${from}+${count}`, async () => ({
      ids: index.idsInOrder(matched(), order, from, count),
    }));
    ids.push(...page.ids);
  };
  if (sort !== 'relevance') {
    await addPage(sort, offset, limit);
    return { ids, ...counts };
  }

  // Relevance, as decision 002 orders it: the newest `poolSize` matches ranked by full-text
  // rank, then the remaining matches newest first. Only the pool's rank needs the database.
  if (offset < poolSize) {
    const pool = await cache.resultIds.get(key, async () => ({
      ids: await rankByText(db, index.idsInOrder(matched(), 'newest', 0, poolSize), filters.words),
    }));
    ids.push(...pool.ids.slice(offset, offset + limit));
  }
  const end = offset + limit;
  if (end > poolSize) {
    const from = Math.max(offset, poolSize);
    await addPage('newest', from, end - from);
  }
  return { ids, ...counts };
}

/** The given listings ordered by full-text rank, then newest first (as the SQL pool is). */
async function rankByText(db: Executor, ids: number[], words: string[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rankStatement(db).execute({
    ids: intArrayLiteral(ids),
    query: prefixTsQuery(words),
  });
  return rows.map((row) => Number(row.id));
}

/** Prepared once per database: every cold search ranks its pool with it. */
function prepareRank(db: Executor) {
  return db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(
      sql`ts_rank(${listings.searchVector}, to_tsquery('simple', ${sql.placeholder('query')})) desc`,
      desc(listings.createdAt),
      desc(listings.id),
    )
    .prepare('listings_rank_pool');
}
const rankStatement = preparedPerDatabase(prepareRank);
