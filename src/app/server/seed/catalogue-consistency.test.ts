import { describe, expect, it } from 'vitest';
import { PRICE_RANGES, type Medium, type PriceRange } from '@/domains/listings/listings.constants';
import {
  CATALOGUE_EPOCH,
  CATEGORY_BY_MEDIUM,
  TOP_PRICE_BAND,
  generateListing,
  type CatalogueContext,
  type SeedListing,
} from './generate-listing';
import { FORMATS, GENRES } from './word-lists';

/**
 * Issue 11: the demo catalogue reads as written by people. 2,000 listings sampled across a
 * 100,000-listing catalogue are checked against rules a reader would notice breaking.
 */
const CATALOGUE_SIZE = 100_000;
const SAMPLE_SIZE = 2_000;
const context: CatalogueContext = {
  count: CATALOGUE_SIZE,
  agents: Array.from({ length: 40 }, (_, k) => ({ id: k + 10, fullName: `Agent ${k}` })),
  demoAgent: { id: 3, fullName: 'Priya Sharma' },
};
const step = CATALOGUE_SIZE / SAMPLE_SIZE;
const sample: SeedListing[] = Array.from({ length: SAMPLE_SIZE }, (_, k) => {
  const index = Math.floor(k * step + ((k * 7) % step));
  return generateListing(index, index + 1, context);
});
const epochYear = CATALOGUE_EPOCH.getUTCFullYear();

/** The story's text: where periods, people and events meet. */
const storyOf = (listing: SeedListing) =>
  [listing.title, listing.description, listing.logline, listing.synopsis].join(' ');

/** Words that fix a story in a period, and the years that period allows. */
const PERIOD_MARKERS: ReadonlyArray<{ marker: RegExp; from: number; to: number }> = [
  { marker: /Spitfire|D-Day|Gestapo|SOE|Blitz|Bletchley|Luftwaffe|WAAF/, from: 1939, to: 1945 },
  { marker: /Western Front|the Somme|no man’s land/, from: 1914, to: 1918 },
  { marker: /Henry VIII|Anne Boleyn/, from: 1509, to: 1547 },
  { marker: /Victorian|cholera/, from: 1837, to: 1901 },
  { marker: /Glienicke|the Wall goes up|Soviet embassy|KGB/, from: 1947, to: 1991 },
];

/** The four-figure years a story names for itself ("set in ... in 1916", "1916, in ..."). */
function yearsNamed(text: string): number[] {
  return [...text.matchAll(/\b(1[0-9]{3}|20[0-9]{2}|21[0-9]{2})\b/g)].map((m) => Number(m[1]));
}

function bandOf(maxPence: number): PriceRange {
  const pounds = maxPence / 100;
  return (Object.entries(PRICE_RANGES).find(
    ([, range]) =>
      (range.min === null || pounds >= range.min) && (range.max === null || pounds < range.max),
  )?.[0] ?? 'over-500k') as PriceRange;
}
/** A book is filed by its readership or kind: Fiction, Non-Fiction, Young Adult, Children's. */
const BOOK_CATEGORIES = new Set(GENRES.map((genre) => genre.category));
const BAND_ORDER: readonly PriceRange[] = ['under-50k', '50k-100k', '100k-500k', 'over-500k'];

describe(`[CATALOGUE] demo catalogue consistency (${SAMPLE_SIZE.toLocaleString('en-GB')} sampled)`, () => {
  it('titles are grammatical: a capital first, no doubled possessive, no stray spaces', () => {
    const bad = sample
      .map((listing) => listing.title)
      .filter(
        (title) =>
          !/^[A-Z0-9‘'"]/.test(title) ||
          /s[’']s\b/.test(title) ||
          /\s{2}|^\s|\s$/.test(title) ||
          /\b(a|an) [aeiou]/i.test(title.replace(/\ban [aeiou]/gi, '')),
      );
    expect(bad).toEqual([]);
  });

  it('periods, people and events agree: no Spitfire pilot in 1916', () => {
    const clashes: string[] = [];
    for (const listing of sample) {
      const story = storyOf(listing);
      // The years the story sets itself in (comparable titles such as "1917" are not).
      const setIn = `${listing.description} ${listing.synopsis ?? ''}`.replace(
        /Perfect for fans of [^.]*\./g,
        '',
      );
      const years = yearsNamed(setIn);
      for (const { marker, from, to } of PERIOD_MARKERS) {
        const match = marker.exec(story);
        if (!match) continue;
        const outside = years.filter((year) => year < from || year > to);
        if (outside.length > 0) clashes.push(`${listing.title}: ${match[0]} in ${outside[0]}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('medium, format, category and genre agree: a short film is not FICTION', () => {
    const problems: string[] = [];
    for (const listing of sample) {
      const medium = listing.medium as Medium;
      const genre = GENRES.find((profile) => profile.name === listing.genre);
      if (!genre) problems.push(`${listing.title}: unknown genre ${listing.genre}`);
      else if (medium !== 'other' && !genre.mediums.includes(medium)) {
        problems.push(`${listing.title}: ${listing.genre} is not a ${medium} genre`);
      }
      if (medium === 'book') {
        if (!BOOK_CATEGORIES.has(listing.category ?? '')) {
          problems.push(`${listing.title}: book filed as ${listing.category}`);
        }
      } else if (!CATEGORY_BY_MEDIUM[medium].includes(listing.category ?? '')) {
        problems.push(`${listing.title}: ${medium} filed as ${listing.category}`);
      }
      const formats: readonly string[] = [
        ...FORMATS[medium],
        'Non-fiction',
        'Narrative Non-fiction',
        'Picture Book',
        'Middle Grade Novel',
        'Chapter Book',
      ];
      if (listing.format && !formats.includes(listing.format)) {
        problems.push(`${listing.title}: ${medium} in format ${listing.format}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('rights and listing status agree with today: a live option runs past it', () => {
    const problems: string[] = [];
    for (const listing of sample) {
      const rights = listing.rightsStatus ?? '';
      const years = yearsNamed(rights);
      if (listing.status === 'optioned') {
        if (!/^Optioned by .+ until \d{4}$/.test(rights) || years[0] <= epochYear) {
          problems.push(`${listing.title} (optioned): ${rights}`);
        }
      } else if (/^Optioned/.test(rights)) {
        problems.push(`${listing.title} (${listing.status}): ${rights}`);
      }
      if (years.some((year) => listing.status !== 'optioned' && year > epochYear)) {
        problems.push(`${listing.title} (${listing.status}): a future year in ${rights}`);
      }
      if (listing.publishDate && new Date(listing.publishDate) > CATALOGUE_EPOCH) {
        problems.push(`${listing.title}: published in the future (${listing.publishDate})`);
      }
      if (listing.createdAt > CATALOGUE_EPOCH) {
        problems.push(`${listing.title}: listed in the future`);
      }
      if (listing.status === 'optioned' && !listing.productionCompanyInterest?.includes('option')) {
        problems.push(`${listing.title}: optioned, but the interest line does not say so`);
      }
      const optionedBy = /^Optioned by (.+) until/.exec(rights)?.[1];
      if (optionedBy && !listing.productionCompanyInterest?.includes(optionedBy)) {
        problems.push(`${listing.title}: optioned by ${optionedBy}, interest names another`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('prices are plausible for the medium: no £500k short film', () => {
    const problems: string[] = [];
    for (const listing of sample) {
      if (listing.suggestedOfferMax === null) continue;
      const medium = listing.medium as Medium;
      const band = bandOf(listing.suggestedOfferMax);
      if (BAND_ORDER.indexOf(band) > BAND_ORDER.indexOf(TOP_PRICE_BAND[medium])) {
        problems.push(`${listing.title}: a ${medium} at £${listing.suggestedOfferMax / 100}`);
      }
      if ((listing.suggestedOfferMin ?? 0) > listing.suggestedOfferMax) {
        problems.push(`${listing.title}: minimum above maximum`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('covers every medium and both fiction and non-fiction in the sample', () => {
    expect(new Set(sample.map((listing) => listing.medium)).size).toBeGreaterThanOrEqual(10);
    expect(sample.some((listing) => listing.category === 'Non-Fiction')).toBe(true);
  });
});
