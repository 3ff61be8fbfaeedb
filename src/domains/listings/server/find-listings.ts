import { desc, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import type { ListingCard, ListListingsQuery, ListListingsResponse } from '../listings.schema';
import type { CatalogueSort } from '../listings.constants';
import type { AggregateCounts, CatalogueCache } from './catalogue-cache';
import {
  FACET_DIMENSIONS,
  filterCondition,
  filtersKey,
  searchTsQuery,
  toCatalogueFilters,
  withoutDimension,
  type CatalogueFilters,
  type FacetDimension,
} from './catalogue-query';
import { listings } from './listings.tables';
import { findPageInIndex } from './find-listings-in-index';
import type { CatalogueIndexKeeper } from './maintain-catalogue-index';
import { preparedListingQueries } from './prepared-listing-queries';
import { toListingCard } from './to-listing-response';

type Facet = { value: string; count: number };
type Facets = ListListingsResponse['facets'];
type Aggregate = FacetDimension | 'total';

export interface FindListingsOptions {
  query: ListListingsQuery;
  cache: CatalogueCache;
  /**
   * How totals and facets are counted. 'one-pass' (PGlite: one thread, no parallel workers)
   * reads the matching rows once for every aggregate that shares its filters; 'parallel'
   * (PostgreSQL) sends one query per aggregate at once, each free to use parallel workers.
   */
  aggregateStrategy: 'one-pass' | 'parallel';
  /**
   * The in-process catalogue index (decision 018), when this instance keeps one: while it is
   * built and caught up it answers the total, the facets and the order; SQL otherwise.
   */
  index?: CatalogueIndexKeeper;
}

/**
 * Result ids kept per filter set (docs/decisions/002-catalogue-search.md): the newest 240
 * matches, ranked by full-text rank when searching. That is the first page and eighteen
 * 'Load More's; later positions continue with the remaining matches, newest first.
 */
export const RESULT_POOL_SIZE = 240;

/** GET /api/listings: one page of the filtered, searched catalogue with its total and facets. */
export async function findListings(
  db: Database,
  { query, cache, aggregateStrategy, index }: FindListingsOptions,
): Promise<ListListingsResponse> {
  const filters = toCatalogueFilters(query);
  const sort = effectiveSort(query.sort, filters);
  const current = await index?.current();
  if (current) {
    const { ids, total, facets } = await findPageInIndex(db, cache, current, {
      filters,
      sort,
      limit: query.limit,
      offset: query.offset,
      poolSize: RESULT_POOL_SIZE,
    });
    return { items: await findCardsInOrder(db, cache, ids), total, facets };
  }
  const [items, aggregates] = await Promise.all([
    findPage(db, cache, filters, sort, query.limit, query.offset),
    loadAggregates(db, cache, filters, aggregateStrategy),
  ]);
  return { items, total: aggregates.total, facets: aggregates.facets };
}

/** The order asked for; relevance needs search words, so without them it is newest. */
function effectiveSort(sort: CatalogueSort | undefined, filters: CatalogueFilters): CatalogueSort {
  const hasWords = filters.words.length > 0;
  if (!sort) return hasWords ? 'relevance' : 'newest';
  return sort === 'relevance' && !hasWords ? 'newest' : sort;
}

/** ORDER BY of each sort (relevance ranks its pool, then continues newest first). */
function orderOf(sort: CatalogueSort): SQL[] {
  const newest = [desc(listings.createdAt), desc(listings.id)];
  switch (sort) {
    case 'price-high':
      return [sql`${listings.suggestedOfferMax} desc nulls last`, desc(listings.id)];
    case 'price-low':
      return [sql`${listings.suggestedOfferMax} asc nulls last`, desc(listings.id)];
    case 'viability':
      return [sql`${listings.viabilityScore} desc nulls last`, ...newest];
    default:
      return newest;
  }
}

/** The cache key of one filter set in one order. */
const orderedKey = (filters: CatalogueFilters, sort: CatalogueSort) =>
  sort === 'relevance' || sort === 'newest'
    ? filtersKey(filters)
    : `${filtersKey(filters)}|${sort}`;

async function findPage(
  db: Database,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  sort: CatalogueSort,
  limit: number,
  offset: number,
): Promise<ListingCard[]> {
  return findCardsInOrder(db, cache, await findPageIds(db, cache, filters, sort, limit, offset));
}

/**
 * The ids of one page, in result order. The first RESULT_POOL_SIZE positions come from a
 * cached pool of ids per filter set; later positions are read from the indexes (for the
 * unfiltered list, an index-only walk of (created_at, id)) and cached per page.
 */
async function findPageIds(
  db: Executor,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  sort: CatalogueSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  const ids: number[] = [];
  const key = orderedKey(filters, sort);
  if (offset < RESULT_POOL_SIZE) {
    const pool = await cache.resultIds.get(key, async () => ({
      ids: await findPoolIds(db, filters, sort),
    }));
    ids.push(...pool.ids.slice(offset, offset + limit));
    // A pool shorter than its size holds every match: there is nothing after it.
    if (pool.ids.length < RESULT_POOL_SIZE) return ids;
  }
  const end = offset + limit;
  if (end > RESULT_POOL_SIZE) {
    // Deeper pages (Load More past the pool) are cached one page at a time.
    const from = Math.max(offset, RESULT_POOL_SIZE);
    const page = await cache.resultIds.get(`${key}|${from}+${end - from}`, async () => ({
      ids: await findOrderedIds(db, filters, sort, end - from, from),
    }));
    ids.push(...page.ids);
  }
  return ids;
}

/** Matching ids in the sort's order (relevance: newest first, the order after its pool). */
async function findOrderedIds(
  db: Executor,
  filters: CatalogueFilters,
  sort: CatalogueSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(filterCondition(filters))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * The first RESULT_POOL_SIZE results: the newest matches, and for a search those same
 * listings ordered by full-text rank, then newest first. Ranking reads each candidate's
 * search document, so only the pool is ranked, never every match of a common word.
 */
async function findPoolIds(
  db: Executor,
  filters: CatalogueFilters,
  sort: CatalogueSort,
): Promise<number[]> {
  if (sort !== 'relevance') return findOrderedIds(db, filters, sort, RESULT_POOL_SIZE, 0);
  const result = await db.execute<{ id: number }>(sql`
    select id from (
      select ${listings.id} as id, ${listings.createdAt} as created_at,
        ${listings.searchVector} as document
      from ${listings}
      where ${filterCondition(filters)}
      order by ${listings.createdAt} desc, ${listings.id} desc
      limit ${RESULT_POOL_SIZE}
    ) as newest
    order by ts_rank(document, ${searchTsQuery(filters.words)}) desc, created_at desc, id desc
  `);
  return result.rows.map((row) => Number(row.id));
}

/**
 * The cards of the given listings, in the given order: from the card cache where it has
 * them, the rest in one read by id (a listing deleted meanwhile is left out).
 */
async function findCardsInOrder(
  db: Database,
  cache: CatalogueCache,
  ids: number[],
): Promise<ListingCard[]> {
  const missing = ids.filter((id) => !cache.cards.has(id));
  if (missing.length > 0) {
    const rows = await preparedListingQueries(db).cardsByIds.execute({ ids: missing });
    for (const row of rows) cache.cards.set(row.id, toListingCard(row));
  }
  return ids.flatMap((id) => {
    const card = cache.cards.get(id);
    return card ? [card] : [];
  });
}

interface AggregateRow extends Record<string, unknown> {
  aggregate: Aggregate;
  value: string | null;
  count: number;
}

/**
 * The total and every facet. A facet is counted over the listings matching all the other
 * filters, so choosing a medium still lists the other mediums. Aggregates that share the
 * same filters are counted in one pass, and each is cached for a short time.
 */
async function loadAggregates(
  db: Executor,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  strategy: FindListingsOptions['aggregateStrategy'],
): Promise<{ total: number; facets: Facets }> {
  const groups = new Map<string, { filters: CatalogueFilters; aggregates: Aggregate[] }>();
  const add = (aggregate: Aggregate, scoped: CatalogueFilters) => {
    const key = strategy === 'one-pass' ? filtersKey(scoped) : `${aggregate}|${filtersKey(scoped)}`;
    const group = groups.get(key) ?? { filters: scoped, aggregates: [] };
    group.aggregates.push(aggregate);
    groups.set(key, group);
  };
  add('total', filters);
  for (const dimension of FACET_DIMENSIONS) add(dimension, withoutDimension(filters, dimension));

  const results = await Promise.all(
    [...groups.entries()].map(([key, group]) =>
      cache.aggregates.get(`${group.aggregates.join('+')}|${key}`, () =>
        countAggregates(db, group.filters, group.aggregates),
      ),
    ),
  );
  const merged = new Map<Aggregate, Facet[]>();
  for (const result of results) {
    for (const [aggregate, facets] of Object.entries(result)) {
      if (facets) merged.set(aggregate as Aggregate, facets);
    }
  }
  return {
    total: merged.get('total')?.[0]?.count ?? 0,
    facets: {
      mediums: merged.get('mediums') ?? [],
      genres: merged.get('genres') ?? [],
      rights: merged.get('rights') ?? [],
      territories: merged.get('territories') ?? [],
      exclusivity: merged.get('exclusivity') ?? [],
    },
  };
}

/** One aggregate over `matched` (the matching rows, a CTE or a subquery of that name). */
function aggregateSql(aggregate: Aggregate, matched: SQL): SQL {
  switch (aggregate) {
    case 'total':
      return sql`select 'total' as aggregate, null::text as value, count(*)::int as count
        from ${matched}`;
    case 'mediums':
      return sql`select 'mediums' as aggregate, medium as value, count(*)::int as count
        from ${matched} group by medium`;
    case 'genres':
      return sql`select 'genres' as aggregate, genre as value, count(*)::int as count
        from ${matched} where genre is not null group by genre`;
    case 'rights':
      return sql`select 'rights' as aggregate, right_value as value, count(*)::int as count
        from ${matched}, unnest(rights_available) as right_value group by right_value`;
    case 'territories':
      return sql`select 'territories' as aggregate, territory_value as value,
          count(*)::int as count
        from ${matched}, unnest(territory) as territory_value group by territory_value`;
    case 'exclusivity':
      return sql`select 'exclusivity' as aggregate, exclusivity as value, count(*)::int as count
        from ${matched} where exclusivity is not null group by exclusivity`;
  }
}

async function countAggregates(
  db: Executor,
  filters: CatalogueFilters,
  aggregates: Aggregate[],
): Promise<AggregateCounts> {
  const matchingRows = sql`
    select ${listings.medium} as medium, ${listings.genre} as genre,
      ${listings.rightsAvailable} as rights_available, ${listings.territory} as territory,
      ${listings.exclusivity} as exclusivity
    from ${listings}
    where ${filterCondition(filters) ?? sql`true`}`;
  // Several aggregates read the matching rows once; a single one reads them as a subquery
  // the planner can flatten (and run with parallel workers).
  const query =
    aggregates.length === 1
      ? aggregateSql(aggregates[0], sql`(${matchingRows}) as matched`)
      : sql`with matched as materialized (${matchingRows})
          ${sql.join(
            aggregates.map((aggregate) => aggregateSql(aggregate, sql`matched`)),
            sql` union all `,
          )}`;
  const result =
    filters.words.length > 0
      ? await db.transaction(async (tx) => {
          // Matches come from the search index. For a common word the planner can favour
          // reading every row and testing its (toasted) search document, several times
          // slower than visiting only the rows the index names (measured on both engines).
          await tx.execute(sql`set local enable_seqscan = off`);
          return tx.execute<AggregateRow>(query);
        })
      : await db.execute<AggregateRow>(query);
  const byAggregate: AggregateCounts = {};
  for (const aggregate of aggregates) byAggregate[aggregate] = [];
  for (const row of result.rows) {
    byAggregate[row.aggregate]?.push({ value: row.value ?? '', count: Number(row.count) });
  }
  for (const aggregate of aggregates) {
    if (aggregate !== 'total') byAggregate[aggregate]?.sort(byValue);
  }
  return byAggregate;
}

const byValue = (a: Facet, b: Facet) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
