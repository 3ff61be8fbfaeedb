/**
 * The demo catalogue's listing generator: a pure function of (index, id, context). Each
 * listing draws from its own PRNG seeded by its index, so the same catalogue size always
 * gives the same listings, and a batch can be generated without the ones before it.
 */
import {
  EXCLUSIVITY,
  MEDIUMS,
  RIGHTS,
  type ListingStatus,
  type Right,
  type Medium,
  type PriceRange,
  type ViabilityBand,
} from '@/domains/listings/listings.constants';
import { cellKeyOf, cellsOf } from '@/domains/listings/rights-grid.rules';
import type { BulkListing } from '@/domains/listings/server';
import { createRng, hashSeed, type Rng } from '@/server/prng';
import {
  AUTHOR_CREDITS,
  AUTHOR_FIRST_NAMES,
  AUTHOR_LAST_NAMES,
  AWARDS,
  BOOK_PUBLISHERS,
  CHARACTER_NAMES,
  CITIES,
  CREATOR_TITLES,
  EDITIONS,
  FORMATS,
  GENERIC_TAGS,
  GENRES,
  INTERESTS,
  PRODUCTION_COMPANIES,
  PUBLISHERS_BY_MEDIUM,
  REVIEW_OUTLETS,
  REVIEW_QUOTES,
  SHARED_PLACES,
  SYNOPSIS_COMPLICATIONS,
  SYNOPSIS_ENDINGS,
  SYNOPSIS_TURNS,
  type GenreProfile,
  type StoryPeriod,
} from './word-lists';

/**
 * The catalogue's fixed "today": createdAt spreads over the two years before it, options run
 * past it and lapsed ones lapsed before it. Fixed (not the clock) so a seed is reproducible;
 * move it forward when the demo is refreshed.
 */
export const CATALOGUE_EPOCH = new Date('2026-11-01T12:00:00Z');
const EPOCH_YEAR = CATALOGUE_EPOCH.getUTCFullYear();
const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_NAMESPACE = 'pagetoscreen-demo-catalogue-v1';

/** Every column of a listing except the generated search document, all keys present. */
export type SeedListing = BulkListing;

export interface ListingOwner {
  id: number;
  fullName: string;
}

export interface CatalogueContext {
  /** Listings in the whole catalogue (the demo agent's share depends on it). */
  count: number;
  /** The literary agents who own the rest of the catalogue. */
  agents: readonly ListingOwner[];
  /** demo.agent@pagetoscreen.test: owns at least 20 listings, most of them available. */
  demoAgent: ListingOwner;
}

/** Listings forced at the start of the catalogue so every medium, band and state shows up. */
const FORCED_BAND_COUNT = 16;
const FORCED_FEATURED_FROM = MEDIUMS.length;
const FORCED_FEATURED_COUNT = 6;

const MEDIUM_WEIGHTS: ReadonlyArray<readonly [Medium, number]> = [
  ['book', 56],
  ['screenplay', 8],
  ['television', 7],
  ['comic', 5],
  ['podcast', 5],
  ['stage', 4],
  ['short_film', 4],
  ['game', 4],
  ['digital_content', 3],
  ['toy', 2],
  ['other', 2],
];

const PRICE_BANDS: readonly PriceRange[] = ['under-50k', '50k-100k', '100k-500k', 'over-500k'];

/**
 * The dearest band an option in each medium plausibly reaches: a short film or a web series is
 * never optioned for half a million pounds; a bestselling novel or a hit game may be.
 */
export const TOP_PRICE_BAND: Record<Medium, PriceRange> = {
  book: 'over-500k',
  screenplay: 'over-500k',
  television: 'over-500k',
  game: 'over-500k',
  comic: '100k-500k',
  stage: '100k-500k',
  podcast: '100k-500k',
  toy: '100k-500k',
  other: '100k-500k',
  short_film: '50k-100k',
  digital_content: '50k-100k',
};

/** The band drawn, lowered to the medium's top band where it is above it. */
function bandForMedium(band: PriceRange, medium: Medium): PriceRange {
  const top = PRICE_BANDS.indexOf(TOP_PRICE_BAND[medium]);
  return PRICE_BANDS[Math.min(PRICE_BANDS.indexOf(band), top)];
}

/**
 * A listing's category follows its medium: a book is Fiction or Non-Fiction; a short film, a
 * podcast or a game is filed as what it is.
 */
export const CATEGORY_BY_MEDIUM: Record<Exclude<Medium, 'book'>, readonly [string, string]> = {
  // [fiction, non-fiction]
  screenplay: ['Feature Film', 'Documentary Feature'],
  television: ['Television Drama', 'Factual Television'],
  short_film: ['Short Film', 'Short Documentary'],
  stage: ['Theatre', 'Verbatim Theatre'],
  podcast: ['Audio Drama', 'Non-Fiction Podcast'],
  comic: ['Graphic Novel', 'Graphic Non-Fiction'],
  game: ['Interactive', 'Interactive'],
  toy: ['Characters & Brands', 'Characters & Brands'],
  digital_content: ['Digital Series', 'Digital Non-Fiction'],
  other: ['Original Concept', 'Original Concept'],
};

function categoryFor(medium: Medium, genre: GenreProfile): string {
  if (medium === 'book') return genre.category;
  const [fiction, nonFiction] = CATEGORY_BY_MEDIUM[medium];
  return genre.category === 'Non-Fiction' ? nonFiction : fiction;
}
const VIABILITY_BANDS: readonly ViabilityBand[] = [
  'highly-viable',
  'viable',
  'cautionary',
  'high-risk',
];

/** Viability leans with price: expensive rights tend to be the proven ones. */
const VIABILITY_WEIGHTS_BY_PRICE: Record<PriceRange | 'none', readonly number[]> = {
  'under-50k': [10, 30, 38, 22],
  '50k-100k': [15, 38, 32, 15],
  '100k-500k': [24, 40, 26, 10],
  'over-500k': [40, 40, 15, 5],
  none: [15, 35, 30, 20],
};

const VIABILITY_RANGES: Record<ViabilityBand, readonly [number, number]> = {
  'highly-viable': [85, 98],
  viable: [70, 84],
  cautionary: [50, 69],
  'high-risk': [30, 49],
};

const TERRITORY_SETS: ReadonlyArray<readonly [readonly string[], number]> = [
  [['Worldwide'], 30],
  [['UK', 'US'], 12],
  [['UK'], 8],
  [['UK', 'Europe'], 8],
  [['UK & Commonwealth', 'North America'], 10],
  [['UK', 'US', 'Europe'], 10],
  [['North America'], 5],
  [['UK', 'Europe', 'Australia & New Zealand'], 6],
  [['US', 'Latin America'], 3],
  [['UK', 'Asia'], 3],
  [['Europe'], 5],
];

const GENRES_BY_MEDIUM: Record<Medium, readonly GenreProfile[]> = Object.fromEntries(
  MEDIUMS.map((medium) => [
    medium,
    medium === 'other' ? GENRES : GENRES.filter((genre) => genre.mediums.includes(medium)),
  ]),
) as Record<Medium, readonly GenreProfile[]>;

const CONTENT_TYPE_BY_MEDIUM: Record<Medium, string> = {
  book: 'book',
  short_film: 'script',
  toy: 'other',
  game: 'other',
  screenplay: 'script',
  television: 'script',
  podcast: 'podcast',
  digital_content: 'article',
  comic: 'book',
  stage: 'script',
  other: 'other',
};

const FORM_NOUN: Record<Medium, string> = {
  book: 'novel',
  short_film: 'short film',
  toy: 'toy and character brand',
  game: 'narrative game',
  screenplay: 'feature film',
  television: 'drama series',
  podcast: 'podcast series',
  digital_content: 'web series',
  comic: 'graphic novel',
  stage: 'play',
  other: 'original story',
};

/** Tags any listing may carry; Bestseller and Award Winner are earned. */
const OPTIONAL_TAGS = GENERIC_TAGS.filter((tag) => tag !== 'Bestseller' && tag !== 'Award Winner');

const USP_TEMPLATES = [
  'A high-concept hook with a clear returning-series engine.',
  'A built-in audience of {n} readers and an active online community.',
  'Contained locations and a small cast keep production costs low.',
  'A fresh {genre} voice with striking visual set pieces.',
  'Strong, castable lead roles across generations.',
  'A distinctive British setting with international appeal.',
  'Proven sales and a passionate word-of-mouth following.',
  'A story built for binge-watching, with a cliffhanger in every chapter.',
] as const;

const AGENT_NOTES = [
  'The author is available to join a writers’ room.',
  'A sequel manuscript is due next spring.',
  'Open to co-production structures.',
  'The author would like to consult on the adaptation.',
  'Translation rights are handled separately.',
] as const;

const TALENT_NOTES = [
  'An Emmy-nominated showrunner has read the material and wants to meet.',
  'A BAFTA-winning actor has expressed interest in the lead role.',
  'A director is attached; casting has not begun.',
  'An award-winning composer is attached to score.',
] as const;

const AVAILABLE_RIGHTS_STATUSES = [
  'All screen rights available',
  'Film and television rights available',
  'Film, TV and streaming rights available worldwide',
  'Screen rights available; stage rights held by the author',
  'Option lapsed in {year}; all screen rights available',
] as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Queen" → "Queen’s", "Hours" → "Hours’" (a plural takes the apostrophe alone). */
function possessive(noun: string): string {
  return /s$/i.test(noun) ? `${noun}’` : `${noun}’s`;
}

function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 12345 -> "12,345" (Intl formatting is far slower than this, and the seed calls it a lot). */
function grouped(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** A valid ISBN-13 on the 978-1 prefix. */
function makeIsbn(rng: Rng): string {
  const publisher = String(rng.int(10000, 99999));
  const title = String(rng.int(100, 999));
  const digits = `9781${publisher}${title}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `978-1-${publisher}-${title}-${check}`;
}

/** How many listings the demo agent owns, and which: every step-th from index 3. */
function demoAgentPlan(count: number): { target: number; step: number } {
  const target = Math.min(count, Math.max(24, Math.ceil(count / 41)));
  const step = Math.max(1, Math.floor(count / Math.max(1, target)));
  return { target, step };
}

/** The demo agent's k-th listing, or null when the demo agent does not own this index. */
function demoAgentSlot(index: number, count: number): number | null {
  const { target, step } = demoAgentPlan(count);
  const offset = step > 3 ? 3 : 0;
  if (index < offset || (index - offset) % step !== 0) return null;
  const slot = (index - offset) / step;
  return slot < target ? slot : null;
}

/** Agents' weights: some agencies carry bigger lists than others. */
function agentWeights(agents: readonly ListingOwner[]): Array<readonly [ListingOwner, number]> {
  return agents.map((agent, k) => [agent, 1 + ((k * 7) % 5)] as const);
}

const weightCache = new WeakMap<readonly ListingOwner[], Array<readonly [ListingOwner, number]>>();

/** Always exactly one draw, so the rest of a listing does not depend on the agent list. */
function pickAgent(
  rng: Rng,
  agents: readonly ListingOwner[],
  fallback: ListingOwner,
): ListingOwner {
  if (agents.length === 0) {
    rng.next();
    return fallback;
  }
  let weights = weightCache.get(agents);
  if (!weights) {
    weights = agentWeights(agents);
    weightCache.set(agents, weights);
  }
  return rng.weighted(weights);
}

function pickPrice(rng: Rng, band: PriceRange): { min: number; max: number } {
  // Pounds first, pence at the end.
  let max: number;
  let ratio: number;
  let step: number;
  switch (band) {
    case 'under-50k':
      max = roundTo(rng.float(8_000, 49_500), 500);
      ratio = rng.float(0.35, 0.7);
      step = 500;
      break;
    case '50k-100k':
      max = roundTo(rng.float(50_000, 99_000), 1_000);
      ratio = rng.float(0.4, 0.75);
      step = 1_000;
      break;
    case '100k-500k':
      // Skewed towards the lower end, as real option fees are.
      max = roundTo(100_000 + 395_000 * rng.next() ** 1.6, 5_000);
      ratio = rng.float(0.4, 0.75);
      step = 5_000;
      break;
    case 'over-500k':
      max = roundTo(rng.float(500_000, 750_000), 10_000);
      ratio = rng.float(0.5, 0.8);
      step = 10_000;
      break;
  }
  const min = Math.max(5_000, Math.min(max, roundTo(max * ratio, step)));
  return { min: min * 100, max: max * 100 };
}

interface TitleParts {
  noun: string;
  otherNoun: string;
  adjective: string;
  place: string;
  name: string;
}

type TitleTemplate = readonly [(parts: TitleParts) => string, number];

const TITLE_TEMPLATES: readonly TitleTemplate[] = [
  [(p) => `The ${p.noun}`, 6],
  [(p) => `The ${p.adjective} ${p.noun}`, 14],
  [(p) => `${p.adjective} ${p.noun}`, 6],
  [(p) => `The ${p.noun} of ${p.place}`, 10],
  [(p) => `The ${p.adjective} ${p.noun} of ${p.place}`, 4],
  [(p) => p.place, 3],
  [(p) => `${capitalise(withArticle(p.noun))} in ${p.place}`, 6],
  [(p) => `${p.name} and the ${p.adjective} ${p.noun}`, 3],
  [(p) => `The ${possessive(p.noun)} ${p.otherNoun}`, 4],
  [(p) => `After the ${p.noun}`, 4],
  [(p) => `The Last ${p.adjective === 'Last' ? p.otherNoun : p.noun}`, 3],
  [(p) => `${p.noun} at ${p.place}`, 3],
];

/** Children's titles lean on a named hero ("Nell and the Brave Dragon"). */
const CHILDREN_TITLE_TEMPLATES: readonly TitleTemplate[] = TITLE_TEMPLATES.map(
  ([template, weight], i) => [template, i === 7 ? 20 : weight] as const,
);

function pickTitle(rng: Rng, genre: GenreProfile): string {
  const nouns = genre.titleNouns;
  const nounIndex = rng.int(0, nouns.length - 1);
  const parts: TitleParts = {
    noun: nouns[nounIndex],
    otherNoun: nouns[(nounIndex + rng.int(1, nouns.length - 1)) % nouns.length],
    adjective: rng.pick(genre.titleAdjectives),
    place: rng.pick(genre.places ?? SHARED_PLACES),
    name: rng.pick(CHARACTER_NAMES),
  };
  const template = rng.weighted(
    genre.name === "Children's" ? CHILDREN_TITLE_TEMPLATES : TITLE_TEMPLATES,
  );
  // A title opening on a place like "the Belt" still starts with a capital.
  return capitalise(template(parts));
}

/** Who, what, where and when of a story, all from one period where the genre has periods. */
function pickStory(rng: Rng, genre: GenreProfile) {
  if (genre.periods) {
    const period: StoryPeriod = rng.pick(genre.periods);
    return {
      protagonist: rng.pick(period.protagonists),
      incident: rng.pick(period.incidents),
      goal: rng.pick(period.goals),
      stakes: rng.pick(period.stakes),
      setting: rng.pick(period.settings),
      era: period.era,
    };
  }
  const settingIndex = rng.int(0, genre.settings.length - 1);
  return {
    protagonist: rng.pick(genre.protagonists),
    incident: rng.pick(genre.incidents),
    goal: rng.pick(genre.goals),
    stakes: rng.pick(genre.stakes),
    setting: genre.settings[settingIndex],
    era: genre.eras[settingIndex % genre.eras.length],
  };
}

function pickAuthor(rng: Rng): string {
  const first = rng.pick(AUTHOR_FIRST_NAMES);
  const last = rng.pick(AUTHOR_LAST_NAMES);
  if (rng.chance(0.08)) {
    const middle = rng.pick(AUTHOR_FIRST_NAMES);
    return `${first.charAt(0)}. ${middle.charAt(0)}. ${last}`;
  }
  return `${first} ${last}`;
}

function genrePhrase(genre: GenreProfile, medium: Medium): string {
  if (medium === 'book' && genre.category === 'Non-Fiction') {
    if (genre.name === 'Memoir') return 'memoir';
    if (genre.name === 'Biography') return 'biography';
    return 'true crime book';
  }
  if (medium === 'book' && genre.name === "Children's") return 'children’s story';
  if (medium === 'television' && genre.name === 'Comedy') return 'comedy series';
  const label = genre.name === "Children's" ? 'children’s' : genre.name.toLowerCase();
  return `${label} ${FORM_NOUN[medium]}`;
}

const NON_FICTION_FORMATS = ['Non-fiction', 'Narrative Non-fiction'] as const;
const CHILDREN_BOOK_FORMATS = ['Picture Book', 'Middle Grade Novel', 'Chapter Book'] as const;

function formatsFor(medium: Medium, genre: GenreProfile): readonly string[] {
  if (medium === 'book' && genre.category === 'Non-Fiction') return NON_FICTION_FORMATS;
  if (medium === 'book' && genre.name === "Children's") return CHILDREN_BOOK_FORMATS;
  return FORMATS[medium];
}

function pagesFor(rng: Rng, medium: Medium, genre: GenreProfile, format: string): number | null {
  switch (medium) {
    case 'book':
      if (format === 'Picture Book') return 32;
      if (genre.name === "Children's") return rng.int(90, 280);
      if (format === 'Novella') return rng.int(90, 160);
      return rng.int(220, 560);
    case 'comic':
      return rng.int(48, 220);
    case 'screenplay':
      return rng.int(88, 125);
    case 'television':
      return rng.int(45, 65);
    case 'short_film':
      return rng.int(8, 30);
    case 'stage':
      return rng.int(70, 120);
    default:
      return null;
  }
}

function publicationStatusFor(rng: Rng, medium: Medium): string {
  switch (medium) {
    case 'book':
    case 'comic':
      return rng.weighted([
        ['published', 72],
        ['self-published', 10],
        ['unpublished', 12],
        ['completed', 6],
      ]);
    case 'screenplay':
    case 'television':
    case 'short_film':
    case 'stage':
      return rng.weighted([
        ['completed', 60],
        ['unpublished', 25],
        ['in-production', 15],
      ]);
    case 'podcast':
    case 'digital_content':
      return rng.weighted([
        ['published', 80],
        ['self-published', 20],
      ]);
    case 'game':
    case 'toy':
      return rng.weighted([
        ['published', 55],
        ['in-production', 45],
      ]);
    default:
      return 'completed';
  }
}

function publisherFor(rng: Rng, medium: Medium, status: string): string | null {
  if (status === 'unpublished' || status === 'completed' || status === 'in-production') {
    return null;
  }
  if (status === 'self-published') return 'Self-published';
  if (medium === 'book') return rng.pick(BOOK_PUBLISHERS);
  const list = PUBLISHERS_BY_MEDIUM[medium];
  return list ? rng.pick(list) : null;
}

function wordCountFor(rng: Rng, medium: Medium, pages: number | null): number | null {
  if (medium === 'book' && pages) return roundTo(pages * rng.int(250, 330), 100);
  if (pages && ['screenplay', 'television', 'short_film', 'stage'].includes(medium)) {
    return roundTo(pages * rng.int(160, 210), 100);
  }
  if (medium === 'digital_content') return roundTo(rng.int(8_000, 60_000), 500);
  if (medium === 'comic' && pages) return roundTo(pages * rng.int(60, 110), 100);
  return null;
}

function salesFiguresFor(rng: Rng, medium: Medium, popularity: number): string {
  const scale = 10 ** (3 + popularity * 3);
  if (medium === 'podcast') {
    return `${Math.max(1, Math.round((scale * 20) / 1_000_000))} million downloads to date`;
  }
  if (medium === 'game' || medium === 'toy') {
    return `${grouped(roundTo(scale, 1_000))} units sold`;
  }
  if (medium === 'digital_content') {
    return `${grouped(roundTo(scale * 10, 1_000))} monthly readers`;
  }
  const copies = Math.max(1_000, roundTo(scale * rng.float(0.8, 1.4), 1_000));
  return `Over ${grouped(copies)} copies sold across all formats`;
}

function rightsFor(rng: Rng, medium: Medium, status: ListingStatus): string[] {
  const chosen = new Set<string>();
  if (status !== 'sold') chosen.add('film');
  if (rng.chance(0.85)) chosen.add('tv');
  if (medium === 'toy' || medium === 'game') chosen.add('merchandising');
  for (const right of rng.sample(RIGHTS, rng.int(1, 4))) chosen.add(right);
  if (status === 'sold') chosen.delete('film');
  if (chosen.size === 0) chosen.add('stage');
  return RIGHTS.filter((right) => chosen.has(right));
}

/**
 * The rights line agrees with the status and the catalogue's today: a live option runs past
 * it; a sale or a lapsed option happened after publication and before it.
 */
function rightsStatusFor(
  rng: Rng,
  status: ListingStatus,
  publishYear: number,
  company: string,
): string {
  const year = Math.min(EPOCH_YEAR, Math.max(publishYear + 1, rng.int(EPOCH_YEAR - 6, EPOCH_YEAR)));
  if (status === 'optioned') {
    return `Optioned by ${company} until ${rng.int(EPOCH_YEAR + 1, EPOCH_YEAR + 3)}`;
  }
  if (status === 'sold') return `Film and TV rights sold to ${company} (${year})`;
  return fill(rng.pick(AVAILABLE_RIGHTS_STATUSES), { year: String(year) });
}

function ageRangeFor(rng: Rng, audience: string): string {
  switch (audience) {
    case 'Children':
      return '6-11';
    case 'Teen':
      return '13-17';
    case 'Young Adult':
      return '16-24';
    case 'Family':
      return 'All ages';
    default:
      return rng.pick(['18-34', '25-44', '35-54', '45+']);
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** What the rest of a listing is drawn from: who owns it, what it is, its state and its price. */
interface ListingFrame {
  owner: ListingOwner;
  medium: Medium;
  genre: GenreProfile;
  subcategory: string;
  format: string;
  status: ListingStatus;
  isFeatured: boolean;
  price: { min: number; max: number } | null;
  viabilityScore: number;
  /** One hidden "how known is it" value drives ratings, sales and social numbers together. */
  popularity: number;
}

function drawFrame(rng: Rng, index: number, context: CatalogueContext): ListingFrame {
  // Draws happen in the same order whatever the catalogue size, so a listing's content depends
  // only on its index; the size decides just the owner and status of the demo agent's share.
  const demoSlot = demoAgentSlot(index, context.count);
  const randomAgent = pickAgent(rng, context.agents, context.demoAgent);
  const owner = demoSlot !== null ? context.demoAgent : randomAgent;

  const isForcedFeatured =
    index >= FORCED_FEATURED_FROM && index < FORCED_FEATURED_FROM + FORCED_FEATURED_COUNT;
  const medium: Medium =
    index < MEDIUMS.length
      ? MEDIUMS[index]
      : isForcedFeatured
        ? 'book'
        : rng.weighted(MEDIUM_WEIGHTS);
  const genre = rng.pick(GENRES_BY_MEDIUM[medium]);
  const subcategory = rng.pick(genre.subcategories);
  const format = rng.pick(formatsFor(medium, genre));

  const drawnStatus = rng.weighted<ListingStatus>([
    ['available', 80],
    ['optioned', 13],
    ['sold', 7],
  ]);
  let status = drawnStatus;
  if (isForcedFeatured) status = 'available';
  else if (demoSlot !== null) {
    status = demoSlot % 7 === 5 ? 'optioned' : demoSlot % 11 === 9 ? 'sold' : 'available';
  }
  const isFeatured = isForcedFeatured || rng.chance(0.028);
  const { price, viabilityScore } = drawPriceAndViability(rng, index, medium);
  const popularity = clamp(rng.next() ** 1.6 + (isFeatured ? 0.25 : 0), 0, 1);
  return {
    owner,
    medium,
    genre,
    subcategory,
    format,
    status,
    isFeatured,
    price,
    viabilityScore,
    popularity,
  };
}

function drawPriceAndViability(rng: Rng, index: number, medium: Medium) {
  const priceBand: PriceRange | null =
    index < FORCED_BAND_COUNT
      ? PRICE_BANDS[index % PRICE_BANDS.length]
      : rng.chance(0.02)
        ? null
        : rng.weighted([
            ['under-50k', 30],
            ['50k-100k', 24],
            ['100k-500k', 34],
            ['over-500k', 12],
          ] as const);
  const price = priceBand ? pickPrice(rng, bandForMedium(priceBand, medium)) : null;
  const viabilityWeights = VIABILITY_WEIGHTS_BY_PRICE[priceBand ?? 'none'];
  const viabilityBand =
    index < FORCED_BAND_COUNT
      ? VIABILITY_BANDS[(index + 1) % VIABILITY_BANDS.length]
      : rng.weighted(VIABILITY_BANDS.map((band, k) => [band, viabilityWeights[k]] as const));
  const [scoreMin, scoreMax] = VIABILITY_RANGES[viabilityBand];
  return { price, viabilityScore: rng.int(scoreMin, scoreMax) };
}

/** The title, the author and the words: logline, description and synopsis. */
function drawStory(rng: Rng, { genre, medium }: ListingFrame) {
  const title = pickTitle(rng, genre);
  const author = pickAuthor(rng);
  const { protagonist, incident, goal, stakes, setting, era } = pickStory(rng, genre);
  const tones = rng.sample(genre.tones, 2);
  const themes = rng.sample(genre.themes, rng.int(2, 4));
  const comparables = rng.sample(genre.comparables, 2);
  const characterName = rng.pick(CHARACTER_NAMES);

  const logline = rng.weighted([
    [`When ${incident}, ${protagonist} must ${goal} before ${stakes}.`, 5],
    [`In ${setting}, ${protagonist} must ${goal} before ${stakes}.`, 3],
    [`${capitalise(protagonist)} must ${goal} when ${incident}.`, 2],
  ]);

  const eraClause = era === 'the present day' ? '' : ` in ${era}`;
  const descriptionParts = [
    `${capitalise(withArticle(tones[0]))} ${genrePhrase(genre, medium)} set in ${setting}${eraClause}.`,
    `It explores ${themes.slice(0, -1).join(', ')} and ${themes[themes.length - 1]}.`,
  ];
  if (rng.chance(0.6)) {
    descriptionParts.push(`Perfect for fans of ${comparables[0]} and ${comparables[1]}.`);
  }
  const description = descriptionParts.join(' ');

  const synopsis = rng.chance(0.1)
    ? null
    : [
        `${capitalise(eraClause.trim() || 'today')}, in ${setting}, ${characterName} — ${protagonist} — ${rng.pick(SYNOPSIS_TURNS)}.`,
        `When ${incident}, nothing can stay buried for long.`,
        `As ${rng.pick(SYNOPSIS_COMPLICATIONS)}, ${characterName} must ${goal} before ${stakes}.`,
        fill(rng.pick(SYNOPSIS_ENDINGS), {
          theme1: themes[0],
          theme2: themes[1],
        }),
      ].join(' ');
  return { title, author, setting, tones, themes, comparables, logline, description, synopsis };
}

/** Whether and when it was published, by whom, and how it has sold and been rated. */
function drawPublication(rng: Rng, { medium, genre, format, popularity }: ListingFrame) {
  const publicationStatus = publicationStatusFor(rng, medium);
  const isReleased = publicationStatus === 'published' || publicationStatus === 'self-published';
  const publisher = publisherFor(rng, medium, publicationStatus);
  // Books and comics date from publication; scripts, games and the rest from completion.
  const isManuscript =
    (medium === 'book' || medium === 'comic') && publicationStatus === 'completed';
  const publishDate =
    publicationStatus === 'unpublished' || isManuscript
      ? null
      : isoDate(
          new Date(
            CATALOGUE_EPOCH.getTime() - DAY_MS * (30 + Math.floor(rng.next() ** 1.8 * 9_800)),
          ),
        );
  const publishYear = publishDate ? Number(publishDate.slice(0, 4)) : 2024;
  const pages = pagesFor(rng, medium, genre, format);
  const contentType =
    medium === 'book' && (publicationStatus === 'unpublished' || isManuscript)
      ? 'manuscript'
      : CONTENT_TYPE_BY_MEDIUM[medium];
  const isbn =
    (medium === 'book' || medium === 'comic') && isReleased && rng.chance(0.9)
      ? makeIsbn(rng)
      : null;

  const marketPresence = popularity > 0.6 ? 'high' : popularity > 0.3 ? 'medium' : 'low';
  const hasCommercialSales = isReleased && (popularity > 0.25 || rng.chance(0.3));
  const ratingsCount = isReleased ? Math.round(10 ** (1 + popularity * 4.5)) : 0;
  const averageRating = clamp(3.1 + popularity * 1.2 + rng.float(-0.3, 0.3), 2.8, 4.9);
  const mediumDetails: SeedListing['mediumDetails'] = {
    ...(publishDate ? { publishedDate: publishDate } : {}),
    ...(isReleased ? { averageRating: Math.round(averageRating * 100) / 100, ratingsCount } : {}),
    commercialIndicators: { hasCommercialSales, marketPresence },
    format,
  };
  return {
    publicationStatus,
    isReleased,
    publisher,
    publishDate,
    publishYear,
    pages,
    contentType,
    isbn,
    marketPresence,
    hasCommercialSales,
    mediumDetails,
  };
}

type Publication = ReturnType<typeof drawPublication>;

/** An award now and then, and up to six tags that agree with the sales and the award. */
function drawAwardAndTags(
  rng: Rng,
  { genre, subcategory }: ListingFrame,
  { publishYear, marketPresence, hasCommercialSales }: Publication,
) {
  const awards = rng.chance(0.18)
    ? `${rng.pick(['Winner of', 'Shortlisted for', 'Longlisted for'])} the ${rng.pick(AWARDS)} ${Math.max(publishYear, 2000)}`
    : null;

  const tagSet = new Set<string>([genre.name]);
  if (rng.chance(0.5)) tagSet.add(subcategory);
  if (marketPresence === 'high' && hasCommercialSales && rng.chance(0.6)) tagSet.add('Bestseller');
  if (awards?.startsWith('Winner') && rng.chance(0.7)) tagSet.add('Award Winner');
  const extraTags = rng.sample(OPTIONAL_TAGS, rng.int(1, 4));
  for (const tag of extraTags) {
    if (tagSet.size >= 6) break;
    tagSet.add(tag);
  }
  return { awards, tags: [...tagSet] };
}

/** The rest drawn before the row is written: dates, audience and a few shared picks. */
function drawDetails(rng: Rng, { medium, genre, popularity }: ListingFrame) {
  const createdAt = new Date(
    CATALOGUE_EPOCH.getTime() - Math.floor((rng.next() * 730 * DAY_MS) / 1000) * 1000,
  );
  const updatedAt = new Date(
    Math.min(
      CATALOGUE_EPOCH.getTime(),
      createdAt.getTime() + Math.floor((rng.next() * 90 * DAY_MS) / 1000) * 1000,
    ),
  );
  return {
    createdAt,
    updatedAt,
    audience: rng.pick(genre.audiences),
    hasSocial: rng.chance(0.92),
    creatorTitle: rng.pick(CREATOR_TITLES[medium]),
    galleryCount: rng.chance(0.2) ? rng.int(1, 3) : 0,
    previousAdaptations: rng.chance(0.05),
    company: rng.pick(PRODUCTION_COMPANIES),
    readers: grouped(roundTo(10 ** (3 + popularity * 3), 1_000)),
  };
}

/** Everything drawn for one listing, in the order it was drawn. */
type Drawn = ListingFrame &
  ReturnType<typeof drawStory> &
  Publication &
  ReturnType<typeof drawAwardAndTags> &
  ReturnType<typeof drawDetails> & { id: number };

/** One listing of the demo catalogue; `id` is the id it will be inserted with. */
export function generateListing(index: number, id: number, context: CatalogueContext): SeedListing {
  const rng = createRng(hashSeed(SEED_NAMESPACE, index));
  const frame = drawFrame(rng, index, context);
  const story = drawStory(rng, frame);
  const publication = drawPublication(rng, frame);
  const awardAndTags = drawAwardAndTags(rng, frame, publication);
  const d: Drawn = {
    ...frame,
    ...story,
    ...publication,
    ...awardAndTags,
    ...drawDetails(rng, frame),
    id,
  };
  const rights = rightsFields(rng, d);
  // The row's fields in their usual order; each part makes its remaining draws in turn.
  return {
    ...workFields(rng, d),
    ...rights,
    ...marketFields(rng, d),
    // The catalogue shows only the analysis engine's score (issue 30): a seeded number would
    // disagree with the analysis until the job reached the listing. The generated one above
    // still shapes the listing's other figures.
    viabilityScore: null,
    // The demo's enrichment fields are generated; nothing waits for the enrichment jobs.
    enrichmentStatus: null,
    // An optioned or sold title was optioned off the platform: its whole grid is taken (the
    // seed then records these as the rights room's legacy grants, issue 29), so the grid, the
    // status and the catalogue's avails filter agree.
    rightsTaken: d.status === 'optioned' || d.status === 'sold' ? wholeGridKeys(rights) : [],
    ...socialFields(rng, d),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** Every cell key of a listing's grid, each once, sorted (as listings keeps `rights_taken`). */
function wholeGridKeys(rights: { rightsAvailable: string[]; territory: string[] }): string[] {
  const media = rights.rightsAvailable.filter((right): right is Right =>
    (RIGHTS as readonly string[]).includes(right),
  );
  return [...new Set(cellsOf(media, rights.territory).map(cellKeyOf))].sort();
}

/** The work itself: who owns it, what it is, and its publication. */
function workFields(rng: Rng, d: Drawn) {
  const { id, medium, genre, pages, isReleased, publishYear, status, company, owner } = d;
  return {
    id,
    agentId: owner.id,
    title: d.title,
    author: d.author,
    synopsis: d.synopsis,
    description: d.description,
    logline: d.logline,
    category: categoryFor(medium, genre),
    subcategory: d.subcategory,
    genre: genre.name,
    tags: d.tags,
    medium,
    contentType: d.contentType,
    format: d.format,
    status,
    isFeatured: d.isFeatured,
    coverImageUrl: `/images/covers/${id}.svg`,
    galleryImages: Array.from(
      { length: d.galleryCount },
      (_, k) => `/images/covers/${id}.svg?variant=${k + 2}`,
    ),
    pages,
    wordCount: wordCountFor(rng, medium, pages),
    publishDate: d.publishDate,
    publisher: d.publisher,
    publicationStatus: d.publicationStatus,
    isbn: d.isbn,
    edition: medium === 'book' && isReleased && rng.chance(0.5) ? rng.pick(EDITIONS) : null,
    rightsStatus: rightsStatusFor(rng, status, publishYear, company),
    agentName: owner.fullName,
    authorBio: `${d.author} is ${withArticle(d.creatorTitle)} based in ${rng.pick(CITIES)}. ${fill(
      rng.pick(AUTHOR_CREDITS),
      {
        n: String(rng.int(3, 28)),
        award: rng.pick(AWARDS),
        copies: grouped(roundTo(10 ** (4 + d.popularity * 2), 1_000)),
      },
    )}`,
    targetAudience: d.audience,
    contentRating: rng.pick(genre.ratings),
  };
}

/** The rights on offer and the terms asked for them. */
function rightsFields(rng: Rng, d: Drawn) {
  const { medium, status, publishYear, previousAdaptations, price } = d;
  return {
    rightsAvailable: rightsFor(rng, medium, status),
    territory: [...rng.weighted(TERRITORY_SETS)],
    exclusivity: rng.weighted([
      [EXCLUSIVITY[0], 55],
      [EXCLUSIVITY[1], 25],
      [EXCLUSIVITY[2], 20],
    ]),
    previousAdaptations,
    adaptationDetails: previousAdaptations
      ? rng.pick([
          `Adapted for BBC Radio 4 in ${Math.min(2024, publishYear + 2)}.`,
          `A stage adaptation toured the UK in ${Math.min(2024, publishYear + 3)}.`,
          `A short film adaptation screened at festivals in ${Math.min(2024, publishYear + 1)}.`,
        ])
      : null,
    suggestedOfferMin: price?.min ?? null,
    suggestedOfferMax: price?.max ?? null,
    askingPrice: price?.max ?? null,
    minimumDeal: price?.min ?? null,
    currency: 'GBP',
    royaltyPercentage: (rng.int(20, 100) / 10).toFixed(1),
    negotiable: rng.chance(0.85),
  };
}

/** How it sells and who it is for: sales, reviews, talent, marketing, demographic. */
function marketFields(rng: Rng, d: Drawn) {
  const { medium, genre, status, company, comparables, popularity } = d;
  return {
    salesFigures: d.hasCommercialSales ? salesFiguresFor(rng, medium, popularity) : null,
    awards: d.awards,
    reviews:
      d.isReleased && rng.chance(0.55)
        ? `‘${rng.pick(REVIEW_QUOTES)}’ — ${rng.pick(REVIEW_OUTLETS)}`
        : null,
    socialMediaPresence: rng.chance(0.5)
      ? `${rng.int(2, 180)}k followers across Instagram and TikTok; a newsletter of ${d.readers} subscribers.`
      : null,
    attachedTalent: rng.chance(0.06) ? rng.pick(TALENT_NOTES) : null,
    productionCompanyInterest:
      status === 'optioned'
        ? `Currently under option to ${company}.`
        : rng.chance(0.15)
          ? `Early interest from ${company}; the full ${medium === 'book' ? 'manuscript' : 'material'} has been requested.`
          : null,
    marketingMaterials: rng.chance(0.45),
    themes: d.themes,
    keywords: rng.sample(
      [
        ...genre.titleNouns.map((noun) => noun.toLowerCase()),
        d.subcategory.toLowerCase(),
        ...d.tones,
        d.setting,
      ],
      rng.int(3, 5),
    ),
    comparableTitles: rng.chance(0.6)
      ? `${comparables[0]} meets ${comparables[1]}`
      : `${comparables[0]}, ${comparables[1]}`,
    uniqueSellingPoints: rng
      .sample(USP_TEMPLATES, 2)
      .map((template) =>
        fill(template, {
          n: d.readers,
          genre: genre.name === "Children's" ? 'children’s' : genre.name.toLowerCase(),
        }),
      )
      .join(' '),
    agentNotes: rng.chance(0.2) ? rng.pick(AGENT_NOTES) : null,
    targetDemographic: {
      ageRange: ageRangeFor(rng, d.audience),
      gender: rng.weighted([
        ['All', 60],
        ['Female-leaning', 25],
        ['Male-leaning', 15],
      ]),
      income: rng.pick(['Low to Middle', 'Middle', 'Middle to Upper-Middle', 'Upper']),
      interests: rng.sample(INTERESTS, rng.int(2, 3)),
    },
    mediumDetails: d.mediumDetails,
  };
}

/** The social and video numbers the enrichment jobs would otherwise fetch. */
function socialFields(rng: Rng, d: Drawn) {
  const { hasSocial, popularity, isReleased, medium, viabilityScore } = d;
  return {
    twitterMentions: hasSocial ? Math.round(10 ** (popularity * 4.7)) - 1 + rng.int(0, 20) : null,
    twitterBuzzScore: hasSocial
      ? clamp(Math.round(popularity * 90 + rng.int(-10, 10)), 0, 100)
      : null,
    twitterHasVerifiedMentions: hasSocial ? rng.chance(popularity > 0.5 ? 0.8 : 0.15) : null,
    twitterPublisherPromotion: hasSocial ? isReleased && rng.chance(0.3 + popularity * 0.5) : null,
    twitterBookClubMentions: hasSocial
      ? medium === 'book'
        ? Math.round(popularity * 400 * rng.next())
        : rng.int(0, 15)
      : null,
    youtubeTotalViews: hasSocial ? Math.round(10 ** (2 + popularity * 4.7)) : null,
    youtubeVideoCount: hasSocial ? rng.int(0, Math.round(5 + popularity * 250)) : null,
    youtubeAdaptationPotential: hasSocial
      ? clamp(Math.round(viabilityScore * 0.7 + rng.int(-15, 25)), 0, 100)
      : null,
    youtubePopularityScore: hasSocial
      ? clamp(Math.round(popularity * 100 + rng.int(-10, 10)), 0, 100)
      : null,
  };
}
