import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  PRICE_RANGES,
  RIGHTS,
  VIABILITY_BANDS,
  type PriceRange,
  type Right,
  type ViabilityBand,
} from '../listings.constants';
import { splitList, type ListListingsQuery } from '../listings.schema';
import { listingOnMarket } from './listing-visibility';
import { listings } from './listings.tables';

/**
 * The catalogue's filters in one normalised form: equal searches give equal filters (and so
 * equal cache keys), and every SQL condition of GET /api/listings is built here.
 */
export interface CatalogueFilters {
  /** The spec's search rule applied: lower-case words, punctuation removed. */
  words: string[];
  medium?: string;
  genre?: string;
  priceRange?: PriceRange;
  commercialViability?: ViabilityBand;
  featured?: boolean;
  status?: string;
  rights: string[];
  territories: string[];
  exclusivity?: string;
  /**
   * "Available for <media> in <territory>" (issue 29): the listing offers a cell of this
   * medium (in this territory, when given) whose key (`cellKeyOf`) is not in `rights_taken`.
   */
  availableMedia?: Right;
  /** Trimmed and lower-cased, as a cell's key spells its territory. */
  availableTerritory?: string;
}

/** The facet menus; each is counted over the listings matching every *other* filter. */
export type FacetDimension = 'mediums' | 'genres' | 'rights' | 'territories' | 'exclusivity';
export const FACET_DIMENSIONS: readonly FacetDimension[] = [
  'mediums',
  'genres',
  'rights',
  'territories',
  'exclusivity',
];

/**
 * Part 1 section 5: lower-cased, punctuation replaced by spaces, whitespace collapsed. Only
 * letters, combining marks and digits survive, so a word can never carry tsquery syntax.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = search
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}

/**
 * "every word must appear": each word as a prefix (so "detect" finds "detective"), all
 * required. Passed as a bound parameter to to_tsquery('simple', …), never spliced into SQL.
 */
export function prefixTsQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

export function toCatalogueFilters(query: ListListingsQuery): CatalogueFilters {
  const text = (value: string | undefined) => {
    const trimmed = value?.trim().toLowerCase();
    return trimmed ? trimmed : undefined;
  };
  const list = (value: string | undefined) =>
    [...new Set(splitList(value ?? ''))].sort((a, b) => a.localeCompare(b));
  return {
    words: searchWords(query.search),
    medium: text(query.medium),
    genre: text(query.genre),
    priceRange: query.priceRange,
    commercialViability: query.commercialViability,
    featured: query.featured === undefined ? undefined : query.featured === 'true',
    status: query.status,
    rights: list(query.rights),
    territories: list(query.territory),
    exclusivity: query.exclusivity,
    availableMedia: query.availableMedia,
    availableTerritory: text(query.availableTerritory),
  };
}

/** The filters without the one a facet menu chooses (that menu lists every choice). */
export function withoutDimension(
  filters: CatalogueFilters,
  dimension: FacetDimension,
): CatalogueFilters {
  switch (dimension) {
    case 'mediums':
      return { ...filters, medium: undefined };
    case 'genres':
      return { ...filters, genre: undefined };
    case 'rights':
      return { ...filters, rights: [] };
    case 'territories':
      return { ...filters, territories: [] };
    case 'exclusivity':
      return { ...filters, exclusivity: undefined };
  }
}

/** A stable key for caches: the same filters in any order give the same key. */
export function filtersKey(filters: CatalogueFilters): string {
  return JSON.stringify([
    filters.words.join(' '),
    filters.medium ?? '',
    filters.genre ?? '',
    filters.priceRange ?? '',
    filters.commercialViability ?? '',
    filters.featured ?? '',
    filters.status ?? '',
    filters.rights.join(','),
    filters.territories.join(','),
    filters.exclusivity ?? '',
    filters.availableMedia ?? '',
    filters.availableTerritory ?? '',
  ]);
}

/** LIKE pattern matching `value` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const PENCE_PER_POUND = 100;

/** The tsquery of the search words, for both matching and ranking. */
export function searchTsQuery(words: string[]): SQL {
  return sql`to_tsquery('simple', ${prefixTsQuery(words)})`;
}

/** Whether the filters narrow the catalogue at all (words or any filter chosen). */
export function hasAnyFilter(filters: CatalogueFilters): boolean {
  const { words, rights, territories, ...single } = filters;
  return (
    words.length + rights.length + territories.length > 0 ||
    Object.values(single).some((value) => value !== undefined)
  );
}

/** Every condition the filters impose (AND-ed), always leaving listings off the market out. */
export function filterCondition(filters: CatalogueFilters): SQL | undefined {
  const conditions: SQL[] = [listingOnMarket()];
  if (filters.words.length > 0) {
    conditions.push(sql`${listings.searchVector} @@ ${searchTsQuery(filters.words)}`);
  }
  if (filters.medium) {
    conditions.push(sql`lower(${listings.medium}) = ${filters.medium}`);
  }
  if (filters.genre) {
    // Part 1 section 5: tags containing the value, case-insensitive; the genre column too.
    const pattern = containsPattern(filters.genre);
    conditions.push(
      sql`(${listings.genre} ilike ${pattern} or exists (
        select 1 from unnest(${listings.tags}) as tag where tag ilike ${pattern}
      ))`,
    );
  }
  if (filters.priceRange) {
    const band = PRICE_RANGES[filters.priceRange];
    if (band.min !== null) {
      conditions.push(gte(listings.suggestedOfferMax, band.min * PENCE_PER_POUND));
    }
    if (band.max !== null) {
      conditions.push(lt(listings.suggestedOfferMax, band.max * PENCE_PER_POUND));
    }
  }
  if (filters.commercialViability) {
    const band = VIABILITY_BANDS[filters.commercialViability];
    conditions.push(gte(listings.viabilityScore, band.min), lte(listings.viabilityScore, band.max));
  }
  if (filters.featured !== undefined) {
    conditions.push(eq(listings.isFeatured, filters.featured));
  }
  if (filters.status) {
    conditions.push(eq(listings.status, filters.status));
  }
  if (filters.rights.length > 0) {
    // A listing matches when it offers every chosen right.
    conditions.push(sql`${listings.rightsAvailable} @> ${textArray(filters.rights)}`);
  }
  if (filters.territories.length > 0) {
    // Any chosen territory will do.
    conditions.push(sql`${listings.territory} && ${textArray(filters.territories)}`);
  }
  if (filters.exclusivity) {
    conditions.push(eq(listings.exclusivity, filters.exclusivity));
  }
  const avails = availsCondition(filters);
  if (avails) conditions.push(avails);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Issue 29: some cell the listing offers (a right of RIGHTS × a territory, compared trimmed and
 * lower-cased as `cellKeyOf` keys it) has the chosen medium and territory, and no live deal
 * holds it (its key is not in `rights_taken`). A listing naming no territory offers no cell.
 */
function availsCondition(filters: CatalogueFilters): SQL | undefined {
  const { availableMedia, availableTerritory } = filters;
  if (availableMedia === undefined && availableTerritory === undefined) return undefined;
  const territoryKey = sql`lower(btrim(offered_territory.name))`;
  const media =
    availableMedia === undefined
      ? sql`offered_media.right_value = any(${textArray([...RIGHTS])})`
      : sql`offered_media.right_value = ${availableMedia}`;
  const territory =
    availableTerritory === undefined ? sql`true` : sql`${territoryKey} = ${availableTerritory}`;
  return sql`exists (
    select 1
    from unnest(${listings.rightsAvailable}) as offered_media(right_value),
      unnest(${listings.territory}) as offered_territory(name)
    where ${media} and ${territory}
      and (offered_media.right_value || '|' || ${territoryKey}) <> all(${listings.rightsTaken})
  )`;
}

/** A text[] parameter (one bound value per element). */
function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
