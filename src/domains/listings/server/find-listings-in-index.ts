import { desc, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { CatalogueSort } from '../listings.constants';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueIndex, CatalogueMatch } from './catalogue-index';
import { filtersKey, prefixTsQuery, type CatalogueFilters } from './catalogue-query';
import { listings } from './listings.tables';

/** The ids, total and facets of one page, answered from the catalogue index (decision 018). */
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
): Promise<{ ids: number[]; match: CatalogueMatch }> {
  const { filters, sort, limit, offset, poolSize } = request;
  const match = index.match(filters);
  if (sort !== 'relevance') return { ids: index.idsInOrder(match, sort, offset, limit), match };

  // Relevance, as decision 002 orders it: the newest `poolSize` matches ranked by full-text
  // rank, then the remaining matches newest first. Only the pool's rank needs the database.
  const ids: number[] = [];
  if (offset < poolSize) {
    const pool = await cache.resultIds.get(filtersKey(filters), async () => ({
      ids: await rankByText(db, index.idsInOrder(match, 'newest', 0, poolSize), filters.words),
    }));
    ids.push(...pool.ids.slice(offset, offset + limit));
  }
  const end = offset + limit;
  if (end > poolSize) {
    const from = Math.max(offset, poolSize);
    ids.push(...index.idsInOrder(match, 'newest', from, end - from));
  }
  return { ids, match };
}

/** The given listings ordered by full-text rank, then newest first (as the SQL pool is). */
async function rankByText(db: Executor, ids: number[], words: string[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rankStatement(db).execute({
    ids: `{${ids.join(',')}}`,
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
const rankStatements = new WeakMap<Executor, ReturnType<typeof prepareRank>>();
function rankStatement(db: Executor) {
  let statement = rankStatements.get(db);
  if (!statement) {
    statement = prepareRank(db);
    rankStatements.set(db, statement);
  }
  return statement;
}
