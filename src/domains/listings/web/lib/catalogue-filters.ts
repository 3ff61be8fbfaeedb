import {
  CATALOGUE_SORTS,
  EXCLUSIVITY,
  PRICE_RANGES,
  RIGHTS,
  VIABILITY_BANDS,
  type CatalogueSort,
  type PriceRange,
  type ViabilityBand,
} from '../../listings.constants';

export type Exclusivity = (typeof EXCLUSIVITY)[number];
export type Right = (typeof RIGHTS)[number];

/** What the catalogue is filtered by; every field lives in the page's URL search params. */
export interface CatalogueFilters {
  search?: string;
  medium?: string;
  genre?: string;
  priceRange?: PriceRange;
  commercialViability?: ViabilityBand;
  rights?: Right[];
  territory?: string;
  exclusivity?: Exclusivity;
  /** "Available for <medium> in <territory>" (issue 29): either alone, or both. */
  availableMedia?: Right;
  availableTerritory?: string;
  /** The order of the results (not a filter: it never narrows them). */
  sort?: CatalogueSort;
}

/** The API refuses longer values (listings.schema.ts); a longer link is cut, not refused. */
const MAX_SEARCH_LENGTH = 500;
const MAX_VALUE_LENGTH = 100;
const MAX_TERRITORY_LENGTH = 200;

const isPriceRange = (value: string): value is PriceRange => Object.hasOwn(PRICE_RANGES, value);
const isViabilityBand = (value: string): value is ViabilityBand =>
  Object.hasOwn(VIABILITY_BANDS, value);
const isExclusivity = (value: string): value is Exclusivity =>
  (EXCLUSIVITY as readonly string[]).includes(value);
const isSort = (value: string): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(value);
const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

function text(params: URLSearchParams, key: string, max: number): string | undefined {
  const value = params.get(key)?.trim().slice(0, max);
  return value ? value : undefined;
}

/**
 * Reads the filters from a URL. Unknown band names and rights (a hand-edited or stale link)
 * are dropped rather than sent to the API, which would refuse them.
 */
export function parseCatalogueFilters(params: URLSearchParams): CatalogueFilters {
  const filters: CatalogueFilters = {};
  const search = text(params, 'search', MAX_SEARCH_LENGTH);
  if (search) filters.search = search;
  const medium = text(params, 'medium', MAX_VALUE_LENGTH);
  if (medium) filters.medium = medium;
  const genre = text(params, 'genre', MAX_VALUE_LENGTH);
  if (genre) filters.genre = genre;
  const priceRange = params.get('priceRange');
  if (priceRange && isPriceRange(priceRange)) filters.priceRange = priceRange;
  const viability = params.get('commercialViability');
  if (viability && isViabilityBand(viability)) filters.commercialViability = viability;
  const rights = [
    ...new Set(
      (params.get('rights') ?? '')
        .split(',')
        .map((right) => right.trim())
        .filter(isRight),
    ),
  ];
  if (rights.length > 0) filters.rights = rights.sort();
  const territory = text(params, 'territory', MAX_VALUE_LENGTH);
  if (territory) filters.territory = territory;
  const exclusivity = params.get('exclusivity');
  if (exclusivity && isExclusivity(exclusivity)) filters.exclusivity = exclusivity;
  const availableMedia = params.get('availableMedia');
  if (availableMedia && isRight(availableMedia)) filters.availableMedia = availableMedia;
  const availableTerritory = text(params, 'availableTerritory', MAX_TERRITORY_LENGTH);
  if (availableTerritory) filters.availableTerritory = availableTerritory;
  const sort = params.get('sort');
  if (sort && isSort(sort)) filters.sort = sort;
  return filters;
}

/** The filters as URL search params, in a fixed order so equal filters give equal URLs. */
export function catalogueFiltersToParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.medium) params.set('medium', filters.medium);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.priceRange) params.set('priceRange', filters.priceRange);
  if (filters.commercialViability) params.set('commercialViability', filters.commercialViability);
  if (filters.rights && filters.rights.length > 0) {
    params.set('rights', [...filters.rights].sort().join(','));
  }
  if (filters.territory) params.set('territory', filters.territory);
  if (filters.exclusivity) params.set('exclusivity', filters.exclusivity);
  if (filters.availableMedia) params.set('availableMedia', filters.availableMedia);
  if (filters.availableTerritory?.trim()) {
    params.set('availableTerritory', filters.availableTerritory.trim());
  }
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}

/** Whether anything narrows the results (a search or a filter; the order does not). */
export function hasActiveFilters(filters: CatalogueFilters): boolean {
  const { sort: _sort, ...narrowing } = filters;
  return catalogueFiltersToParams(narrowing).size > 0;
}

/**
 * How many filter menus are set (the search box and the order not counted; "Available for"
 * counts once, whether it names a medium, a territory or both).
 */
export function activeFilterCount(filters: CatalogueFilters): number {
  const { search: _search, sort: _sort, availableMedia, availableTerritory, ...menus } = filters;
  const setMenus = Object.values(menus).filter((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined,
  ).length;
  return setMenus + (availableMedia || availableTerritory ? 1 : 0);
}

/** The filters the spec's search tracking records (part 1 section 3). */
export function trackedSearchFilters(filters: CatalogueFilters) {
  return {
    ...(filters.genre ? { genre: filters.genre } : {}),
    ...(filters.medium ? { medium: filters.medium } : {}),
    ...(filters.priceRange ? { priceRange: filters.priceRange } : {}),
    ...(filters.commercialViability ? { commercialViability: filters.commercialViability } : {}),
  };
}
