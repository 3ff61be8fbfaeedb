import { desc, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import type { ListingCard, ListListingsQuery, ListListingsResponse } from '../listings.schema';
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
import { preparedListingQueries } from './prepared-listing-queries';
import { toListingCard } from './to-listing-response';

type Facet = { value: string; count: number };
type Facets = ListListingsResponse['facets'];
type Aggregate = FacetDimension | 'total';

export interface FindListingsOptions {
  query: ListListingsQuery;
  cache: CatalogueCache;
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
  { query, cache }: FindListingsOptions,
): Promise<ListListingsResponse> {
  const filters = toCatalogueFilters(query);
  const [items, aggregates] = await Promise.all([
    findPage(db, cache, filters, query.limit, query.offset),
    loadAggregates(db, cache, filters),
  ]);
  return { items, total: aggregates.total, facets: aggregates.facets };
}

async function findPage(
  db: Database,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
): Promise<ListingCard[]> {
  if (!filterCondition(filters) && offset < RESULT_POOL_SIZE) {
    // The unfiltered catalogue's first pages: one walk down the (created_at, id) index.
    const rows = await preparedListingQueries(db).newestCards.execute({ limit, offset });
    return rows.map(toListingCard);
  }
  return findCardsInOrder(db, await findPageIds(db, cache, filters, limit, offset));
}

/**
 * The ids of one page, in result order. Deep pages of the unfiltered list read only the
 * (created_at, id) index before fetching their cards; filtered lists and searches start
 * from a cached pool of ids.
 */
async function findPageIds(
  db: Executor,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
): Promise<number[]> {
  if (!filterCondition(filters)) return findNewestIds(db, filters, limit, offset);
  const ids: number[] = [];
  if (offset < RESULT_POOL_SIZE) {
    const pool = await cache.resultIds.get(filtersKey(filters), async () => ({
      ids: await findPoolIds(db, filters),
    }));
    ids.push(...pool.ids.slice(offset, offset + limit));
    // A pool shorter than its size holds every match: there is nothing after it.
    if (pool.ids.length < RESULT_POOL_SIZE) return ids;
  }
  const end = offset + limit;
  if (end > RESULT_POOL_SIZE) {
    const from = Math.max(offset, RESULT_POOL_SIZE);
    ids.push(...(await findNewestIds(db, filters, end - from, from)));
  }
  return ids;
}

/** Matching ids, newest first (ties by id): the order of everything after the pool. */
async function findNewestIds(
  db: Executor,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(filterCondition(filters))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * The first RESULT_POOL_SIZE results: the newest matches, and for a search those same
 * listings ordered by full-text rank, then newest first. Ranking reads each candidate's
 * search document, so only the pool is ranked, never every match of a common word.
 */
async function findPoolIds(db: Executor, filters: CatalogueFilters): Promise<number[]> {
  if (filters.words.length === 0) return findNewestIds(db, filters, RESULT_POOL_SIZE, 0);
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

/** The cards of the given listings, in the given order (a deleted one is left out). */
async function findCardsInOrder(db: Database, ids: number[]): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const rows = await preparedListingQueries(db).cardsByIds.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListingCard(row)] : [];
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
): Promise<{ total: number; facets: Facets }> {
  const groups = new Map<string, { filters: CatalogueFilters; aggregates: Aggregate[] }>();
  const add = (aggregate: Aggregate, scoped: CatalogueFilters) => {
    const key = filtersKey(scoped);
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

const AGGREGATE_SQL: Record<Aggregate, SQL> = {
  total: sql`select 'total' as aggregate, null::text as value, count(*)::int as count
    from matched`,
  mediums: sql`select 'mediums' as aggregate, medium as value, count(*)::int as count
    from matched group by medium`,
  genres: sql`select 'genres' as aggregate, genre as value, count(*)::int as count
    from matched where genre is not null group by genre`,
  rights: sql`select 'rights' as aggregate, right_value as value, count(*)::int as count
    from matched, unnest(rights_available) as right_value group by right_value`,
  territories: sql`select 'territories' as aggregate, territory_value as value,
      count(*)::int as count
    from matched, unnest(territory) as territory_value group by territory_value`,
  exclusivity: sql`select 'exclusivity' as aggregate, exclusivity as value, count(*)::int as count
    from matched where exclusivity is not null group by exclusivity`,
};

async function countAggregates(
  db: Executor,
  filters: CatalogueFilters,
  aggregates: Aggregate[],
): Promise<AggregateCounts> {
  const condition = filterCondition(filters) ?? sql`true`;
  const query = sql`
    with matched as materialized (
      select ${listings.medium} as medium, ${listings.genre} as genre,
        ${listings.rightsAvailable} as rights_available, ${listings.territory} as territory,
        ${listings.exclusivity} as exclusivity
      from ${listings}
      where ${condition}
    )
    ${sql.join(
      aggregates.map((aggregate) => AGGREGATE_SQL[aggregate]),
      sql` union all `,
    )}
  `;
  const result =
    filters.words.length > 0
      ? await db.transaction(async (tx) => {
          // Matches come from the search index. The planner's guess for a common word can
          // favour reading every row and testing its (large, toasted) search document,
          // several times slower than visiting only the matching rows.
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
