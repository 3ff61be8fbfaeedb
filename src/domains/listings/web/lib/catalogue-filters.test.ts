import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  catalogueFiltersToParams,
  hasActiveFilters,
  parseCatalogueFilters,
  trackedSearchFilters,
} from './catalogue-filters';

const parse = (query: string) => parseCatalogueFilters(new URLSearchParams(query));

describe('catalogue filters in the URL', () => {
  it('reads every filter a shared link carries', () => {
    expect(
      parse(
        'search=dragon+queen&medium=book&genre=Fantasy&priceRange=50k-100k&commercialViability=viable&rights=tv,film&territory=UK&exclusivity=exclusive',
      ),
    ).toEqual({
      search: 'dragon queen',
      medium: 'book',
      genre: 'Fantasy',
      priceRange: '50k-100k',
      commercialViability: 'viable',
      rights: ['film', 'tv'],
      territory: 'UK',
      exclusivity: 'exclusive',
    });
  });

  it('drops values the API would refuse instead of failing the page', () => {
    expect(
      parse('priceRange=cheap&commercialViability=great&rights=film,space&exclusivity=sometimes'),
    ).toEqual({ rights: ['film'] });
    expect(parse(`search=${'a'.repeat(600)}`).search).toHaveLength(500);
  });

  it('treats blank values as no filter', () => {
    expect(parse('search=%20%20&medium=&genre=')).toEqual({});
    expect(hasActiveFilters(parse('search=%20'))).toBe(false);
    expect(hasActiveFilters(parse('genre=Crime'))).toBe(true);
  });

  it('round-trips through the URL in a fixed order', () => {
    const filters = parse('genre=Crime&search=%20heist%20&rights=tv,film&medium=book');
    const params = catalogueFiltersToParams(filters);
    expect(params.toString()).toBe('search=heist&medium=book&genre=Crime&rights=film%2Ctv');
    expect(parseCatalogueFilters(params)).toEqual(filters);
  });

  it('keeps "Available for" in the URL, drops an unknown medium, and counts it as one filter', () => {
    const filters = parse('availableMedia=tv&availableTerritory=%20Ireland%20&genre=Crime');
    expect(filters).toEqual({
      genre: 'Crime',
      availableMedia: 'tv',
      availableTerritory: 'Ireland',
    });
    expect(catalogueFiltersToParams(filters).toString()).toBe(
      'genre=Crime&availableMedia=tv&availableTerritory=Ireland',
    );
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount(parse('availableTerritory=UK'))).toBe(1);
    expect(parse('availableMedia=rocket&availableTerritory=')).toEqual({});
    expect(hasActiveFilters(parse('availableMedia=stage'))).toBe(true);
  });

  it('tracks only the four filters the spec records', () => {
    expect(
      trackedSearchFilters(parse('search=x&genre=Crime&priceRange=over-500k&rights=film')),
    ).toEqual({ genre: 'Crime', priceRange: 'over-500k' });
  });
});
