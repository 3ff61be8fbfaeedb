import { describe, expect, it } from 'vitest';
import { ListListingsQuerySchema } from '../listings.schema';
import {
  filtersKey,
  hasAnyFilter,
  prefixTsQuery,
  searchWords,
  toCatalogueFilters,
} from './catalogue-query';

describe('[CATALOGUE] search words (part 1 section 5)', () => {
  it.each([
    ['Silent Detective', ['silent', 'detective']],
    ["  O'Brien's   sci-fi,   SAGA!! ", ['o', 'brien', 's', 'sci', 'fi', 'saga']],
    ['Café Müller 1984', ['café', 'müller', '1984']],
    ['?!...,;', []],
    ['', []],
    ['twice twice', ['twice']],
  ])('%j becomes %j', (search, words) => {
    expect(searchWords(search)).toEqual(words);
  });

  it('never lets tsquery operators or quotes through', () => {
    const words = searchWords("a & b | !c :* 'd' (e) <-> f\\");
    expect(words).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(prefixTsQuery(words)).toBe('a:* & b:* & c:* & d:* & e:* & f:*');
  });
});

describe('[CATALOGUE] normalised filters', () => {
  const filters = (query: Record<string, string>) =>
    toCatalogueFilters(ListListingsQuerySchema.parse(query));

  it('gives equal keys to equal searches written differently', () => {
    expect(filtersKey(filters({ search: 'Small,  TOWN', rights: 'tv,film' }))).toBe(
      filtersKey(filters({ search: 'small town', rights: 'film, tv' })),
    );
    expect(filtersKey(filters({ search: 'small town' }))).not.toBe(
      filtersKey(filters({ search: 'town small', medium: 'book' })),
    );
  });

  it('reads comma lists without blanks or repeats', () => {
    expect(filters({ rights: 'tv, film,,tv', territory: 'UK,  US ,UK' })).toMatchObject({
      rights: ['film', 'tv'],
      territories: ['UK', 'US'],
    });
  });
});

describe('[CATALOGUE] whether filters narrow the catalogue', () => {
  const filters = (query: Record<string, string>) =>
    toCatalogueFilters(ListListingsQuerySchema.parse(query));
  it('is false for the whole catalogue, whatever the page or sort', () => {
    expect(hasAnyFilter(filters({}))).toBe(false);
    expect(hasAnyFilter(filters({ limit: '48', offset: '24', sort: 'newest' }))).toBe(false);
  });
  it.each<Record<string, string>>([
    { search: 'harbour' },
    { genre: 'Crime' },
    { territory: 'UK' },
    { rights: 'film' },
  ])('is true with %o', (query) => expect(hasAnyFilter(filters(query))).toBe(true));
});
