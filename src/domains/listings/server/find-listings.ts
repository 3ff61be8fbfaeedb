import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
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
import { listingCardColumns, toListingCard } from './to-listing-response';

type Facet = { value: string; count: number };
type Facets = ListListingsResponse['facets'];
type Aggregate = FacetDimension | 'total';

export interface FindListingsOptions {
  query: ListListingsQuery;
  cache: CatalogueCache;
}

/**
 * How many result ids are kept per filter set (docs/decisions/002-catalogue-search.md):
 * a search ranks every match once and keeps the best 1,200 (the first page and 98 'Load
 * More's); a filtered list keeps its newest 240. Deeper pages are read directly.
 */
export const RANKED_POOL_SIZE = 1_200;
export const FILTERED_POOL_SIZE = 240;

/** GET /api/listings: one page of the filtered, searched catalogue with its total and facets. */
export async function findListings(
  db: Executor,
  { query, cache }: FindListingsOptions,
): Promise<ListListingsResponse> {
  const filters = toCatalogueFilters(query);
  const [ids, aggregates] = await Promise.all([
    findPageIds(db, cache, filters, query.limit, query.offset),
    loadAggregates(db, cache, filters),
  ]);
  return {
    items: await findCardsInOrder(db, ids),
    total: aggregates.total,
    facets: aggregates.facets,
  };
}

/**
 * The ids of one page, in result order. The unfiltered list pages straight off the
 * (created_at, id) index; filtered lists and searches slice a cached pool of result ids.
 */
async function findPageIds(
  db: Executor,
  cache: CatalogueCache,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
): Promise<number[]> {
  const isSearch = filters.words.length > 0;
  const condition = filterCondition(filters);
  const poolSize = isSearch ? RANKED_POOL_SIZE : FILTERED_POOL_SIZE;
  if (condition && offset + limit <= poolSize) {
    const pool = await cache.resultIds.get(filtersKey(filters), async () => ({
      ids: await findResultIds(db, filters, poolSize, 0),
    }));
    return pool.ids.slice(offset, offset + limit);
  }
  return findResultIds(db, filters, limit, offset);
}

/** Result order: a search ranks by full-text rank, then newest; otherwise newest first. */
async function findResultIds(
  db: Executor,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rank: SQL[] =
    filters.words.length > 0
      ? [sql`ts_rank(${listings.searchVector}, ${searchTsQuery(filters.words)}) desc`]
      : [];
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(filterCondition(filters))
    .orderBy(...rank, desc(listings.createdAt), desc(listings.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/** The cards of the given listings, in the given order (a deleted one is left out). */
async function findCardsInOrder(db: Executor, ids: number[]): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listingCardColumns)
    .from(listings)
    .where(inArray(listings.id, ids));
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
  const result = await db.execute<AggregateRow>(sql`
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
  `);
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
