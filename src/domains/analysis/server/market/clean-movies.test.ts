import { describe, expect, it } from 'vitest';
import { cleanMovies, parseReleaseYear, type RawMovie } from './clean-movies';
import { CPI_U_ANNUAL, toBaseYearDollars } from './cpi-u.constants';
import { loadMarketData, readRawMovies } from './market-data';

const row = (overrides: Partial<RawMovie>): RawMovie => ({
  Title: 'A Film',
  'US Gross': 1_000_000,
  'Worldwide Gross': 2_000_000,
  'Production Budget': 1_000_000,
  'Release Date': 'Jun 12 1998',
  'Major Genre': 'Drama',
  Source: 'Based on Book/Short Story',
  ...overrides,
});

describe('cleaning the film market data', () => {
  it('reads all 3,201 rows and keeps every film (only corrections, no drops)', () => {
    const { films, report } = loadMarketData();
    expect(report.input).toBe(3201);
    expect(films.length).toBe(report.kept);
    expect(report.firstYear).toBe(1915);
    expect(report.lastYear).toBe(2010);
  });

  it('moves the known two-digit-year errors back a century (Duel in the Sun, 1946, not 2046)', () => {
    const { films, report } = loadMarketData();
    const year = (title: string) => films.find((film) => film.title === title)?.year;
    expect(year('Duel in the Sun')).toBe(1946);
    expect(year('Gone with the Wind')).toBe(1939);
    expect(year('The Birth of a Nation')).toBe(1915);
    expect(report.applied['future-date-century-corrected']).toBe(22);
    // 2011 titles were announced, not released: they keep their year and have no gross.
    const tintin = films.find((film) => film.title.startsWith('The Adventures of Tintin'))!;
    expect(tintin.year).toBe(2011);
    expect(tintin.worldwideGross).toBeNull();
    expect(Math.max(...films.map((film) => film.year))).toBeLessThanOrEqual(2011);
  });

  it('treats a zero worldwide gross as missing, not as a flop', () => {
    const { films } = cleanMovies([row({ 'Worldwide Gross': 0 })]);
    expect(films[0].worldwideGross).toBeNull();
    expect(films[0].multiple).toBeNull();
  });

  it('keeps remakes but drops a duplicate of the same title and year, keeping the fuller row', () => {
    const { films, report } = cleanMovies([
      row({ Title: 'Twin', Source: null }),
      row({ Title: 'twin ', 'Production Budget': 5_000_000 }),
      row({ Title: 'Twin', 'Release Date': 'Jun 12 1958' }),
    ]);
    expect(films.map((film) => film.year)).toEqual([1998, 1958]);
    expect(films[0].budget).toBe(5_000_000);
    expect(report.applied.duplicate).toBe(1);
    const raw = readRawMovies();
    expect(raw.filter((movie) => movie.Title === 'King Kong').length).toBe(2);
    expect(loadMarketData().films.filter((film) => film.title === 'King Kong').length).toBe(2);
  });

  it('raises a worldwide gross below the US gross to the US gross', () => {
    const { films, report } = cleanMovies([
      row({ 'US Gross': 3_000_000, 'Worldwide Gross': 2_000_000 }),
    ]);
    expect(films[0].worldwideGross).toBe(3_000_000);
    expect(report.applied['worldwide-below-us']).toBe(1);
  });

  it('keeps outliers’ figures but not their multiples (Paranormal Activity, Tarnation)', () => {
    const { films } = loadMarketData();
    for (const title of ['Paranormal Activity', 'Tarnation']) {
      const film = films.find((f) => f.title === title)!;
      expect(film.worldwideGross).toBeGreaterThan(0);
      expect(film.multiple).toBeNull();
    }
    expect(films.find((f) => f.title === 'El Mariachi')!.budget).toBe(7000);
  });

  it('drops a row whose date does not parse', () => {
    const { films, report } = cleanMovies([row({ 'Release Date': 'sometime' }), row({})]);
    expect(films).toHaveLength(1);
    expect(report.applied['unparseable-date']).toBe(1);
    expect(parseReleaseYear('Feb 30x 1999')).toBeNull();
  });

  it('adjusts dollars with the BLS CPI-U table', () => {
    expect(toBaseYearDollars(1_000_000, 2024)).toBe(1_000_000);
    expect(toBaseYearDollars(1_000_000, 1998)).toBe(Math.round((1_000_000 * 313.689) / 163.0));
    expect(toBaseYearDollars(1, 1800)).toBeNull();
    for (let year = 1913; year <= 2024; year += 1) expect(CPI_U_ANNUAL[year]).toBeGreaterThan(0);
    const { films } = cleanMovies([row({})]);
    expect(films[0].budgetToday).toBe(toBaseYearDollars(1_000_000, 1998));
  });
});
