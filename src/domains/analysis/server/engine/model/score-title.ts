import { MARKET_DATA_SOURCE, type MarketData } from '../../market/market-data';
import type { MarketFilm } from '../../market/clean-movies';
import { RIGHTS_SHARE_OF_BUDGET, toDollars } from '../../market/money.constants';
import { CPI_BASE_YEAR } from '../../market/cpi-u.constants';
import { genreRule, sourcesOf } from '../film-matching';
import { BACKTEST, FITTED_MODEL } from './backtest-result.generated';
import { chooseComparables, type ChosenComparable, type TitleProfile } from './choose-comparables';
import {
  budgetBandOf,
  describeFeature,
  isScorable,
  realisedMultiple,
  type FeatureVector,
} from './features';
import { fitRecoupModel, logit, sigmoid, type RecoupModel } from './fit-recoup-model';
import {
  acclaimStrength,
  namedTitles,
  reachStrength,
  readAcclaim,
  readReach,
  titleKey,
  type FactReading,
  type FactsInput,
} from './listing-facts';

/** The listing fields the score reads. */
export interface TitleInput extends FactsInput {
  genre: string | null;
  medium: string;
  contentRating: string | null;
  suggestedOfferMaxPence: number | null;
  comparableTitles: string | null;
}

/** One step from the market's base rate to the title's score, in points of probability. */
export interface ScorePart {
  name: string;
  points: number;
  why: string;
  /** Fitted on the film data and judged by the back-test (false: a stated assumption). */
  measured: boolean;
}

export interface TitleScore {
  probability: number;
  score: number;
  base: number;
  parts: ScorePart[];
  low: number;
  high: number;
  confidence: 'high' | 'medium' | 'low';
  confidenceWhy: string;
  /** What the agent could add that would make the score surer. */
  wouldRaise: string[];
  comparables: ChosenComparable[];
  /** Films sharing the title's source and genre: what the spread rests on. */
  coreCount: number;
  coreFilms: MarketFilm[];
  namedFound: string[];
  namedMissing: string[];
  impliedBudgetUsd: number | null;
  budgetBandLabel: string | null;
  model: { films: number; firstYear: number; lastYear: number };
}

/**
 * A source's acclaim carries to its film only in part: half the difference the film data
 * shows between well-reviewed films and the rest (an assumption, stated in the basis).
 */
export const ACCLAIM_CARRY = 0.5;
/** Largest shift a pre-sold audience gives, in log-odds (an assumption, not back-tested). */
export const REACH_LOG_ODDS = 0.4;
/** How many films of evidence the model is worth against the agent's named comparables. */
export const MODEL_WEIGHT_IN_FILMS = 10;

const fitted = new WeakMap<
  MarketData,
  { model: RecoupModel; groupMeans: Map<string, number>; acclaim: number }
>();

/** The model fitted on every film, the average weight of each group, the acclaim effect. */
function modelFor(market: MarketData) {
  let entry = fitted.get(market);
  if (!entry) {
    // The shipped fit when the market is the film data it was fitted on (tests pass others).
    const model =
      market.source === MARKET_DATA_SOURCE && market.films.length === FITTED_MODEL.fittedOn
        ? { ...FITTED_MODEL, weights: new Map(FITTED_MODEL.weights as Array<[string, number]>) }
        : fitRecoupModel(market.films);
    const scorable = market.films.filter(isScorable);
    const sums = new Map<string, { total: number; n: number }>();
    for (const [key, weight] of model.weights) {
      const group = key.slice(0, key.indexOf(':'));
      const n = scorable.filter((film) => hasFeature(film, key)).length;
      const sum = sums.get(group) ?? { total: 0, n: 0 };
      sum.total += weight * n;
      sum.n += n;
      sums.set(group, sum);
    }
    const groupMeans = new Map(
      [...sums].map(([group, { total, n }]) => [group, n ? total / n : 0]),
    );
    entry = { model, groupMeans, acclaim: acclaimEffect(scorable) };
    fitted.set(market, entry);
  }
  return entry;
}

function hasFeature(film: MarketFilm, key: string): boolean {
  const value = key.slice(key.indexOf(':') + 1);
  if (key.startsWith('genre:')) return film.majorGenre === value;
  if (key.startsWith('type:')) return film.creativeType === value;
  if (key.startsWith('source:')) return film.source === value;
  if (key.startsWith('rating:')) return film.mpaaRating === value;
  return film.budgetToday !== null && budgetBandOf(film.budgetToday).key === key;
}

/** Log-odds of recouping for well-reviewed films (critics 75+) over the rest. */
function acclaimEffect(films: readonly MarketFilm[]): number {
  const reviewed = films.filter((film) => film.criticsRating !== null);
  const rate = (list: MarketFilm[]) =>
    Math.min(
      0.99,
      Math.max(
        0.01,
        list.filter((film) => realisedMultiple(film)! >= 1).length / Math.max(1, list.length),
      ),
    );
  const good = reviewed.filter((film) => film.criticsRating! >= 75);
  const rest = reviewed.filter((film) => film.criticsRating! < 75);
  return good.length < 30 || rest.length < 30 ? 0 : logit(rate(good)) - logit(rate(rest));
}

export function titleProfile(
  title: TitleInput,
): TitleProfile & { impliedBudgetUsd: number | null } {
  const rule = genreRule(title.genre);
  const impliedBudgetUsd =
    title.suggestedOfferMaxPence !== null && title.suggestedOfferMaxPence > 0
      ? toDollars(title.suggestedOfferMaxPence / 100 / RIGHTS_SHARE_OF_BUDGET)
      : null;
  return {
    majorGenres: rule?.majorGenres ?? [],
    creativeTypes: rule?.creativeTypes ?? [],
    sources: sourcesOf(title.medium),
    rating: title.contentRating,
    budgetBandKey: impliedBudgetUsd === null ? null : budgetBandOf(impliedBudgetUsd).key,
    namedKeys: new Set(namedTitles(title.comparableTitles).map(titleKey)),
    impliedBudgetUsd,
  };
}

const pct = (p: number) => 100 * p;

export function scoreTitle(title: TitleInput, market: MarketData): TitleScore {
  const { model, groupMeans, acclaim } = modelFor(market);
  const profile = titleProfile(title);
  const range = `${model.firstYear}–${model.lastYear}`;
  // Start from the market's average film: every group at its average weight.
  let z = model.intercept + [...groupMeans.values()].reduce((sum, value) => sum + value, 0);
  const base = sigmoid(z);
  const parts: ScorePart[] = [];
  const step = (name: string, shift: number, why: string, measured: boolean) => {
    const before = sigmoid(z);
    z += shift;
    parts.push({ name, points: Math.round(pct(sigmoid(z) - before) * 10) / 10, why, measured });
  };
  const groupStep = (group: string, name: string, keys: readonly string[], missing: string) => {
    const features: FeatureVector = new Map(keys.map((key) => [key, 1 / keys.length]));
    const known = keys.filter((key) => model.weights.has(key));
    if (known.length === 0) {
      step(name, 0, missing, true);
      return;
    }
    let shift = -(groupMeans.get(group) ?? 0);
    for (const [key, value] of features)
      shift += (model.weights.get(key) ?? groupMeans.get(group) ?? 0) * value;
    const described = keys.map(describeFeature).join(' and ');
    step(
      name,
      shift,
      `Films of ${described} against the average film (${model.films} films, ${range})`,
      true,
    );
  };
  groupStep(
    'source',
    'Medium as a film source',
    profile.sources.map((s) => `source:${s}`),
    `No film source type stands for '${title.medium}': counted as the average film`,
  );
  groupStep(
    'genre',
    'Genre',
    profile.majorGenres.map((g) => `genre:${g}`),
    profile.creativeTypes.length > 0
      ? 'The film data files this genre under its creative type (next line)'
      : 'No film genre matches the listing’s genre: counted as the average film',
  );
  groupStep(
    'type',
    'Creative type',
    profile.creativeTypes.map((t) => `type:${t}`),
    'The genre implies no creative type: counted as the average film',
  );
  groupStep(
    'rating',
    'Content rating',
    profile.rating ? [`rating:${profile.rating}`] : [],
    'No content rating given: counted as the average film',
  );
  groupStep(
    'budget',
    'Budget band implied by the asking price',
    profile.budgetBandKey ? [profile.budgetBandKey] : [],
    'No asking price given: counted as the average film',
  );
  if (profile.impliedBudgetUsd !== null) {
    parts[parts.length - 1].why +=
      `; the asking price is taken as ${RIGHTS_SHARE_OF_BUDGET * 100}% of the film's budget (${CPI_BASE_YEAR} prices)`;
  }
  const acclaimFacts = readAcclaim(title);
  const acclaimShift = ACCLAIM_CARRY * acclaim * acclaimStrength(acclaimFacts);
  step(
    'Acclaim (awards, reviews, reader rating)',
    acclaimShift,
    acclaimFacts.length === 0
      ? 'The listing names no awards, reviews or reader rating'
      : `${describeFacts(acclaimFacts)}. Well-reviewed films (critics 75%+) recouped more often in the film data; half that difference is carried to a well-received source`,
    false,
  );
  const reachFacts = readReach(title);
  step(
    'Audience reach (sales, social, video)',
    REACH_LOG_ODDS * reachStrength(reachFacts),
    reachFacts.length === 0
      ? 'The listing gives no sales, social or video figures'
      : `${describeFacts(reachFacts)}. A pre-sold audience is assumed to raise the odds by up to ${REACH_LOG_ODDS} (a stated assumption)`,
    false,
  );
  const chosen = chooseComparables(market.films, profile);
  const namedAll = namedTitles(title.comparableTitles);
  const namedFoundKeys = new Set(chosen.named.map((entry) => titleKey(entry.film.title)));
  const namedMissing = namedAll.filter((name) => !namedFoundKeys.has(titleKey(name)));
  if (chosen.named.length > 0) {
    const p = sigmoid(z);
    const recouped = chosen.named.filter((entry) => realisedMultiple(entry.film)! >= 1).length;
    const after =
      (MODEL_WEIGHT_IN_FILMS * p + recouped) / (MODEL_WEIGHT_IN_FILMS + chosen.named.length);
    step(
      'Comparable titles the agent named',
      logit(Math.min(0.999, Math.max(0.001, after))) - z,
      `${chosen.named.map((entry) => `${entry.film.title} (${entry.film.year}, ${realisedMultiple(entry.film)! >= 1 ? 'recouped' : 'did not recoup'})`).join(', ')}; each counts as one film against the model's ${MODEL_WEIGHT_IN_FILMS}`,
      false,
    );
  } else {
    step(
      'Comparable titles the agent named',
      0,
      namedAll.length === 0
        ? 'The listing names no comparable titles'
        : `${namedAll.join(', ')}: not in the film data (${range}), so they do not move the score`,
      false,
    );
  }
  const probability = sigmoid(z);
  const score = Math.min(99, Math.max(1, Math.round(pct(probability))));
  const n = chosen.core.length;
  const sampling = n > 0 ? (probability * (1 - probability)) / n : 0.25;
  const halfWidth =
    100 * 1.96 * Math.sqrt(sampling + (BACKTEST.result.calibrationError / 100) ** 2);
  const { confidence, why } = confidenceOf(n, halfWidth, profile);
  return {
    probability,
    score,
    base: Math.round(pct(base) * 10) / 10,
    parts,
    low: Math.max(0, Math.round(score - halfWidth)),
    high: Math.min(100, Math.round(score + halfWidth)),
    confidence,
    confidenceWhy: why,
    wouldRaise: wouldRaise(title, profile, namedAll.length, chosen.named.length),
    comparables: chosen.shown,
    coreCount: n,
    coreFilms: chosen.core,
    namedFound: chosen.named.map((entry) => entry.film.title),
    namedMissing,
    impliedBudgetUsd: profile.impliedBudgetUsd,
    budgetBandLabel: profile.budgetBandKey
      ? describeFeature(profile.budgetBandKey).replace(/^budget /, '')
      : null,
    model: { films: model.films, firstYear: model.firstYear, lastYear: model.lastYear },
  };
}

function describeFacts(facts: readonly FactReading[]) {
  return facts.map((fact) => fact.fact).join('; ');
}

/**
 * High needs 30+ films sharing the title's source and genre and a 95% range within ±12
 * points (sampling spread of those films plus the back-test's calibration error); medium
 * needs 10+ and ±20; anything else, or a title the film data cannot place, is low.
 */
function confidenceOf(n: number, halfWidth: number, profile: TitleProfile) {
  const placed =
    profile.sources.length > 0 && profile.majorGenres.length + profile.creativeTypes.length > 0;
  const range = `±${Math.round(halfWidth)} points`;
  if (!placed) {
    return {
      confidence: 'low' as const,
      why: `the film data has no films of this ${profile.sources.length === 0 ? 'medium' : 'genre'}; range ${range}`,
    };
  }
  if (n >= 30 && halfWidth <= 12)
    return {
      confidence: 'high' as const,
      why: `${n} films share its source and genre; range ${range}`,
    };
  if (n >= 10 && halfWidth <= 20)
    return {
      confidence: 'medium' as const,
      why: `${n} films share its source and genre; range ${range}`,
    };
  return {
    confidence: 'low' as const,
    why: `only ${n} film${n === 1 ? '' : 's'} share its source and genre; range ${range}`,
  };
}

function wouldRaise(
  title: TitleInput,
  profile: TitleProfile,
  named: number,
  found: number,
): string[] {
  const list: string[] = [];
  if (profile.majorGenres.length + profile.creativeTypes.length === 0)
    list.push('a genre the film data covers (for example Drama, Thriller or Fantasy)');
  if (!title.contentRating) list.push('the content rating');
  if (title.suggestedOfferMaxPence === null)
    list.push('an asking price (it places the film’s budget band)');
  if (named === 0 || found === 0) list.push('comparable titles that were released as films');
  if (!title.salesFigures) list.push('sales figures');
  if (!title.awards && !title.reviews) list.push('awards or reviews');
  return list;
}
