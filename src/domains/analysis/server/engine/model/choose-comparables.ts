import type { MarketFilm } from '../../market/clean-movies';
import { budgetBandOf, isScorable, realisedMultiple } from './features';
import { titleKey } from './listing-facts';

/** What a listing is, in the film data's terms (from its genre, medium, rating and price). */
export interface TitleProfile {
  majorGenres: readonly string[];
  creativeTypes: readonly string[];
  sources: readonly string[];
  rating: string | null;
  budgetBandKey: string | null;
  /** Title keys of the films the agent named as comparable. */
  namedKeys: ReadonlySet<string>;
}

export interface ChosenComparable {
  film: MarketFilm;
  similarity: number;
  reasons: string[];
}

export const NAMED_REASON = 'named by the agent as comparable';

/** Points for each way a film is like the title; named by the agent outweighs everything. */
const WEIGHTS = { named: 10, source: 3, genre: 3, type: 1, rating: 1, budget: 1 } as const;
const MAX_POINTS = WEIGHTS.source + WEIGHTS.genre + WEIGHTS.type + WEIGHTS.rating + WEIGHTS.budget;

interface IndexedFilm {
  film: MarketFilm;
  key: string;
  band: ReturnType<typeof budgetBandOf>;
}

/** The scorable films with their title keys and budget bands, once per film table. */
const indexes = new WeakMap<readonly MarketFilm[], IndexedFilm[]>();
function indexOf(films: readonly MarketFilm[]): IndexedFilm[] {
  let index = indexes.get(films);
  if (!index) {
    index = films.filter(isScorable).map((film) => ({
      film,
      key: titleKey(film.title),
      band: budgetBandOf(film.budgetToday!),
    }));
    indexes.set(films, index);
  }
  return index;
}

function matches(entry: IndexedFilm, profile: TitleProfile) {
  const { film } = entry;
  const genreByType = profile.majorGenres.length === 0;
  return {
    named: profile.namedKeys.has(entry.key),
    source: film.source !== null && profile.sources.includes(film.source),
    genre:
      (film.majorGenre !== null && profile.majorGenres.includes(film.majorGenre)) ||
      (genreByType &&
        film.creativeType !== null &&
        profile.creativeTypes.includes(film.creativeType)),
    type:
      !genreByType &&
      film.creativeType !== null &&
      profile.creativeTypes.includes(film.creativeType),
    rating: profile.rating !== null && film.mpaaRating === profile.rating,
    budget: profile.budgetBandKey !== null && entry.band.key === profile.budgetBandKey,
  };
}

function pointsOf(match: ReturnType<typeof matches>): number {
  let points = 0;
  for (const key of Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>) {
    if (match[key]) points += WEIGHTS[key];
  }
  return points;
}

function describe(entry: IndexedFilm, match: ReturnType<typeof matches>): ChosenComparable {
  const { film } = entry;
  const reasons: string[] = [];
  if (match.named) reasons.push(NAMED_REASON);
  if (match.source) reasons.push(`same source (${film.source})`);
  if (match.genre) reasons.push(`same genre (${film.majorGenre ?? film.creativeType})`);
  if (match.type) reasons.push(`same creative type (${film.creativeType})`);
  if (match.rating) reasons.push(`same rating (${film.mpaaRating})`);
  if (match.budget) reasons.push(`budget in the same band (${entry.band.label})`);
  const similarity = Math.min(
    100,
    Math.round((100 * (pointsOf(match) - (match.named ? WEIGHTS.named : 0))) / MAX_POINTS),
  );
  return { film, similarity: match.named ? 100 : similarity, reasons };
}

/** Films by title key, for the agent's named comparables. */
const byTitleKey = new WeakMap<readonly MarketFilm[], Map<string, IndexedFilm[]>>();
function filmsNamed(films: readonly MarketFilm[], keys: ReadonlySet<string>): IndexedFilm[] {
  let map = byTitleKey.get(films);
  if (!map) {
    map = new Map();
    for (const entry of indexOf(films)) map.set(entry.key, [...(map.get(entry.key) ?? []), entry]);
    byTitleKey.set(films, map);
  }
  return [...keys].flatMap((key) => map.get(key) ?? []);
}

/** The closest films and the core for one kind of title (genre, source, rating, budget band). */
const byProfile = new WeakMap<
  readonly MarketFilm[],
  Map<string, { core: MarketFilm[]; ranked: IndexedFilm[] }>
>();

/**
 * The title's comparable films: every film with a budget and gross that shares its source
 * and genre (the films the score's spread rests on), and the closest ones listed (the
 * agent's named titles first, then by closeness and recency) with why each was chosen.
 * Everything but the named titles depends only on the kind of title, so it is kept per kind.
 */
export function chooseComparables(films: readonly MarketFilm[], profile: TitleProfile, shown = 10) {
  let table = byProfile.get(films);
  if (!table) {
    table = new Map();
    byProfile.set(films, table);
  }
  const kind = JSON.stringify([
    profile.majorGenres,
    profile.creativeTypes,
    profile.sources,
    profile.rating,
    profile.budgetBandKey,
  ]);
  let entry = table.get(kind);
  if (!entry) {
    entry = rankFilms(films, profile, shown);
    table.set(kind, entry);
  }
  const namedEntries = profile.namedKeys.size > 0 ? filmsNamed(films, profile.namedKeys) : [];
  const named = namedEntries.map((film) => describe(film, matches(film, profile)));
  const closest = entry.ranked
    .filter((film) => !namedEntries.includes(film))
    .slice(0, Math.max(0, shown - named.length))
    .map((film) => describe(film, matches(film, profile)));
  return {
    shown: [...named, ...closest].slice(0, shown),
    named,
    core: entry.core,
    multiples: entry.core.map((film) => realisedMultiple(film)!),
  };
}

function rankFilms(films: readonly MarketFilm[], profile: TitleProfile, shown: number) {
  const needsSource = profile.sources.length > 0;
  const needsGenre = profile.majorGenres.length + profile.creativeTypes.length > 0;
  const core: MarketFilm[] = [];
  const index = indexOf(films);
  const ranked: Array<[points: number, position: number]> = [];
  index.forEach((entry, position) => {
    const match = matches(entry, { ...profile, namedKeys: new Set() });
    if ((!needsSource || match.source) && (!needsGenre || match.genre)) core.push(entry.film);
    const points = pointsOf(match);
    if (points > 0) ranked.push([points, position]);
  });
  ranked.sort(
    ([pointsA, a], [pointsB, b]) =>
      pointsB - pointsA ||
      index[b].film.year - index[a].film.year ||
      (index[a].film.title < index[b].film.title
        ? -1
        : index[a].film.title > index[b].film.title
          ? 1
          : 0),
  );
  // Enough to fill the list even when every named title is among them.
  return { core, ranked: ranked.slice(0, shown * 2).map(([, position]) => index[position]) };
}
