/**
 * The ranking itself, pure (no database): the taste vector, each candidate's fit, the
 * calibrated match and the reason. `generate-recommendations.ts` loads the inputs; the quality
 * bench (`bench/recommendations-quality.ts`) and its fixture test call this same code, so what
 * is measured is what producers get.
 */
import { normalise } from './embedder';
import { explainRecommendation, type ExplainedSignal } from './explain-recommendation';
import {
  matchScore,
  referenceFromCatalogue,
  referenceFromChoices,
  type MatchReference,
} from './match-score';
import { profileFit } from './profile-fit';
import type { TasteProfileValues } from './taste-profile';
import { cosine } from './vector-store';

/** A title the producer did something with, and its vector. */
export interface RankSignal extends ExplainedSignal {
  vector: number[];
  weight: number;
  genre: string | null;
  medium: string;
  tags: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
}

/** What a title is, as ranking reads it. */
export interface RankCard {
  genre: string | null;
  medium: string;
  tags: string[];
  themes: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
}

export interface RankCandidate extends RankCard {
  id: number;
  vector: number[];
}

export interface TasteText {
  text: string;
  vector: number[];
}

export interface TasteInput {
  signals: RankSignal[];
  /** What their profile says they are looking for, embedded. */
  profileText: TasteText | null;
  /** Their recent searches, embedded together. */
  searchText: TasteText | null;
  /** Titles they marked 'Not My Market'. */
  negatives: { listingId: number; title: string; vector: number[] }[];
  /** Cold start: the most-offered titles, weighing 1 together. */
  popular: { id: number; vector: number[] }[];
}

/** Text signals: what the producer wrote in their profile, and what they searched for. */
export const PROFILE_TEXT_WEIGHT = 1.5;
export const SEARCH_TEXT_WEIGHT = 1;
/** A 'Not My Market' listing pulls the taste away from itself by this much. */
export const NEGATIVE_WEIGHT = 1.5;
/** The fit lost by each of the three titles nearest to one marked 'Not My Market'. */
export const NOT_MY_MARKET_NEIGHBOUR_PENALTY = 0.12;

interface Part {
  vector: number[];
  weight: number;
}

function tasteParts(input: TasteInput): Part[] {
  const parts: Part[] = input.signals.map((s) => ({ vector: s.vector, weight: s.weight }));
  if (input.profileText)
    parts.push({ vector: input.profileText.vector, weight: PROFILE_TEXT_WEIGHT });
  if (input.searchText) parts.push({ vector: input.searchText.vector, weight: SEARCH_TEXT_WEIGHT });
  for (const title of input.popular) {
    parts.push({ vector: title.vector, weight: 1 / input.popular.length });
  }
  for (const negative of input.negatives) {
    parts.push({ vector: negative.vector, weight: -NEGATIVE_WEIGHT });
  }
  return parts;
}

function sumParts(parts: Part[], dimensions: number): number[] {
  const sum = new Array<number>(dimensions).fill(0);
  for (const part of parts) {
    for (let i = 0; i < dimensions; i += 1) sum[i] += part.weight * (part.vector[i] ?? 0);
  }
  return sum;
}

/** The taste as one unit vector, or null when nothing positive is known. */
export function tasteVector(input: TasteInput): number[] | null {
  const parts = tasteParts(input);
  const positive = parts.filter((part) => part.weight > 0);
  if (positive.length === 0) return null;
  return normalise(sumParts(parts, positive[0].vector.length));
}

/**
 * The producer's own choices, each fitted against the taste built from everything else they
 * did (so a title does not vouch for itself): the reference the match is read against.
 * Strong signals count (offers, favourites, ratings, long reads); brief views only when there
 * are too few of those.
 */
export function ownChoiceFits(input: TasteInput, profile: TasteProfileValues): number[] {
  const strong = input.signals.filter((s) => s.kind !== 'view' || s.weight > 1);
  const chosen = strong.length >= 3 ? strong : input.signals;
  if (chosen.length === 0) return [];
  const total = sumParts(tasteParts(input), chosen[0].vector.length);
  return chosen.map((signal) => {
    const rest = total.map((value, i) => value - signal.weight * signal.vector[i]);
    return cosine(rest, signal.vector) + profileFit(profile, signal);
  });
}

/** The reference: the producer's own choices where there are enough, else the catalogue. */
export function matchReference(
  input: TasteInput,
  profile: TasteProfileValues,
  taste: number[] | null,
  catalogueSample: (RankCard & { vector: number[] })[],
): MatchReference {
  const own = referenceFromChoices(ownChoiceFits(input, profile));
  if (own) return own;
  return referenceFromCatalogue(
    taste
      ? catalogueSample.map((card) => cosine(taste, card.vector) + profileFit(profile, card))
      : [],
  );
}

export interface RankOptions {
  profile: TasteProfileValues;
  taste: number[] | null;
  reference: MatchReference;
  /** Titles shown before, when Refresh asks for fresh ones. */
  shown: Set<number>;
  /** The three nearest titles of each 'Not My Market' title → that title's name. */
  lowered: Map<number, string>;
  isColdStart: boolean;
  limit: number;
}

export interface RankedRecommendation {
  id: number;
  fit: number;
  score: number;
  reasoning: string;
}

/** The fit of one candidate: closeness, the profile's nudges and the producer's feedback. */
function candidateFit(
  candidate: RankCandidate,
  input: TasteInput,
  options: RankOptions,
  popularIds: Set<number>,
): number {
  let fit = options.taste ? cosine(options.taste, candidate.vector) : 0;
  fit += profileFit(options.profile, candidate);
  // What they called 'Not My Market' keeps whatever is close to it down too.
  const nearestNegative = Math.max(
    0,
    ...input.negatives.map((negative) => cosine(negative.vector, candidate.vector)),
  );
  fit -= 0.6 * Math.max(0, nearestNegative - 0.25);
  if (options.lowered.has(candidate.id)) fit -= NOT_MY_MARKET_NEIGHBOUR_PENALTY;
  if (options.isColdStart && popularIds.has(candidate.id)) fit += input.profileText ? 0.02 : 0.1;
  if (options.shown.has(candidate.id)) fit -= 0.05;
  return fit;
}

/**
 * The candidates in match order (best first; equal fits by id, so the order is stable), cut
 * to the limit, each with its calibrated match and its reason. No reordering for variety:
 * the badge order is the card order (issue 31); variety comes from the taste itself.
 */
export function rankRecommendations(
  candidates: RankCandidate[],
  input: TasteInput,
  options: RankOptions,
): RankedRecommendation[] {
  const popularIds = new Set(input.popular.map((title) => title.id));
  const fitted = candidates
    .map((candidate) => ({ candidate, fit: candidateFit(candidate, input, options, popularIds) }))
    .sort((a, b) => b.fit - a.fit || a.candidate.id - b.candidate.id);
  // A title's place is its position: equal fits (ties, broken by id) do not share the top.
  return fitted.slice(0, options.limit).map(({ candidate, fit }, index) => {
    const place = index + 1;
    return {
      id: candidate.id,
      fit,
      score: matchScore(fit, place, options.reference),
      reasoning: explainRecommendation(candidate, input, {
        profile: options.profile,
        loweredBy: options.lowered.get(candidate.id) ?? null,
        isPopular: popularIds.has(candidate.id),
      }),
    };
  });
}
