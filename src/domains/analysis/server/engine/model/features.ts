import type { MarketFilm } from '../../market/clean-movies';
import { toPounds } from '../../market/money.constants';

/**
 * The film facts the recoup model reads, each known before a film is released (so a model
 * fitted on earlier films can be judged on later ones): its genre, creative type, source,
 * MPAA rating and budget band. A listing is described by the same facts, some of them
 * fractional: a listing genre that stands for two film genres is half of each.
 */
export type FeatureVector = Map<string, number>;

const pounds = (dollars: number) => `£${(toPounds(dollars) / 1_000_000).toFixed(1)}M`;

/**
 * Budget bands on base-year dollars (lower bounds), widest first so the lookup is simple;
 * labelled in pounds, as every amount a user reads.
 */
export const BUDGET_BANDS = [
  { key: 'budget:100m+', from: 100_000_000, label: `${pounds(100_000_000)} or more` },
  {
    key: 'budget:40-100m',
    from: 40_000_000,
    label: `${pounds(40_000_000)}–${pounds(100_000_000)}`,
  },
  { key: 'budget:15-40m', from: 15_000_000, label: `${pounds(15_000_000)}–${pounds(40_000_000)}` },
  { key: 'budget:5-15m', from: 5_000_000, label: `${pounds(5_000_000)}–${pounds(15_000_000)}` },
  { key: 'budget:<5m', from: 0, label: `under ${pounds(5_000_000)}` },
] as const;

export function budgetBandOf(budgetToday: number) {
  return BUDGET_BANDS.find((band) => budgetToday >= band.from)!;
}

/** What a film's realised outcome is: its worldwide gross over its budget (null: unknown). */
export function realisedMultiple(film: MarketFilm): number | null {
  if (!film.budget || film.worldwideGross === null) return null;
  return film.worldwideGross / film.budget;
}

/** Films the model can learn from: a budget and a worldwide gross. */
export function isScorable(film: MarketFilm): boolean {
  return realisedMultiple(film) !== null && film.budgetToday !== null;
}

export function filmFeatures(film: MarketFilm): FeatureVector {
  const features: FeatureVector = new Map();
  if (film.majorGenre) features.set(`genre:${film.majorGenre}`, 1);
  if (film.creativeType) features.set(`type:${film.creativeType}`, 1);
  if (film.source) features.set(`source:${film.source}`, 1);
  if (film.mpaaRating) features.set(`rating:${film.mpaaRating}`, 1);
  if (film.budgetToday !== null) features.set(budgetBandOf(film.budgetToday).key, 1);
  return features;
}

/** Adds `weight` spread evenly over the named features (one listing genre → two film genres). */
export function addSpread(features: FeatureVector, keys: readonly string[], weight = 1): void {
  if (keys.length === 0) return;
  for (const key of keys) features.set(key, (features.get(key) ?? 0) + weight / keys.length);
}

/** Readable name of a feature key for bases and the report ('genre:Drama' → 'genre Drama'). */
export function describeFeature(key: string): string {
  const [kind, value] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  switch (kind) {
    case 'genre':
      return `film genre ${value}`;
    case 'type':
      return `creative type ${value}`;
    case 'source':
      return `source ${value}`;
    case 'rating':
      return `rating ${value}`;
    case 'budget':
      return `budget ${BUDGET_BANDS.find((band) => band.key === key)?.label ?? value}`;
    default:
      return key;
  }
}
