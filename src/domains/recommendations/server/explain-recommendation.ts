import type { SignalKind } from './find-taste-signals';
import { matchesGenre, priceFit } from './profile-fit';
import type { TasteProfileValues } from './taste-profile';
import { cosine } from './vector-store';

/** A title the producer did something with, as a reason names it. */
export interface ExplainedSignal {
  listingId: number;
  title: string;
  kind: SignalKind;
  /** Seconds spent reading, for views. */
  timeSpent: number;
  themes: string[];
  genre: string | null;
  vector: number[];
  weight: number;
}

interface ExplainedCandidate {
  vector: number[];
  genre: string | null;
  tags: string[];
  themes: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
}

interface ExplainInput {
  signals: ExplainedSignal[];
  profileText: { text: string; vector: number[] } | null;
  searchText: { text: string; vector: number[] } | null;
}

interface ExplainContext {
  profile: TasteProfileValues;
  /** The 'Not My Market' title this one is a near neighbour of (so it was lowered). */
  loweredBy: string | null;
  isPopular: boolean;
}

const SIGNAL_PHRASES: Record<SignalKind, (signal: ExplainedSignal) => string> = {
  offer: () => 'which you made an offer on',
  positive: () => 'which you rated Commercially Viable',
  favourite: () => 'which you favourited',
  view: (signal) =>
    signal.timeSpent >= 60
      ? `which you spent ${Math.round(signal.timeSpent / 60)} min reading`
      : 'which you viewed',
};

function compactPounds(pence: number): string {
  const pounds = pence / 100;
  if (pounds >= 1_000_000) return `£${Number((pounds / 1_000_000).toFixed(1))}M`;
  if (pounds >= 1_000) return `£${Math.round(pounds / 1_000)}k`;
  return `£${Math.round(pounds)}`;
}

const lower = (value: string | null) => (value ?? '').toLowerCase();

function budgetClause(profile: TasteProfileValues, candidate: ExplainedCandidate): string | null {
  if (profile.budgetMin === null || profile.budgetMax === null) return null;
  const price = priceFit(profile, candidate.suggestedOfferMin, candidate.suggestedOfferMax);
  if (price === 'unknown') return null;
  const range = `${compactPounds(profile.budgetMin)}–${compactPounds(profile.budgetMax)}`;
  return `${price} your usual ${range} range`;
}

/** The themes two titles share, in the candidate's words ("grief, betrayal"). */
function sharedThemes(candidate: ExplainedCandidate, signal: ExplainedSignal): string[] {
  const theirs = new Set(signal.themes.map((theme) => theme.toLowerCase()));
  return candidate.themes.filter((theme) => theirs.has(theme.toLowerCase())).slice(0, 3);
}

/** The producer's own title closest to this one; stronger signals win near-ties. */
function closestSignal(candidate: ExplainedCandidate, signals: ExplainedSignal[]) {
  let best: { signal: ExplainedSignal; closeness: number } | null = null;
  for (const signal of signals) {
    const closeness = cosine(signal.vector, candidate.vector) + signal.weight * 0.02;
    if (!best || closeness > best.closeness) best = { signal, closeness };
  }
  return best;
}

/** The first clause: the thing the producer did that this title is most like. */
function leadClause(
  candidate: ExplainedCandidate,
  input: ExplainInput,
  context: ExplainContext,
): string | null {
  const best = closestSignal(candidate, input.signals);
  const profileCloseness = input.profileText
    ? cosine(input.profileText.vector, candidate.vector)
    : -1;
  const searchCloseness = input.searchText ? cosine(input.searchText.vector, candidate.vector) : -1;
  if (best && best.closeness >= Math.max(profileCloseness, searchCloseness)) {
    const { signal } = best;
    const shared = sharedThemes(candidate, signal);
    const sameGenre =
      signal.genre !== null &&
      lower(signal.genre) === lower(candidate.genre) &&
      !matchesGenre(context.profile, candidate.genre, candidate.tags);
    const because =
      shared.length > 0
        ? ` (shared themes: ${shared.join(', ')})`
        : sameGenre
          ? ` (also ${signal.genre})`
          : '';
    return `like ‘${signal.title}’, ${SIGNAL_PHRASES[signal.kind](signal)}${because}`;
  }
  if (input.searchText && searchCloseness > profileCloseness) {
    return `close to your searches for ‘${input.searchText.text}’`;
  }
  if (input.profileText) return 'matches what your profile says you are looking for';
  if (context.isPopular) return 'one of the most-offered titles in the catalogue';
  return null;
}

/**
 * Why this title, from the producer's own signals: the title of theirs it is most like and
 * what they did with it, the themes the two share, their genre, their budget, and, when it
 * was lowered, the 'Not My Market' title it is close to.
 */
export function explainRecommendation(
  candidate: ExplainedCandidate,
  input: ExplainInput,
  context: ExplainContext,
): string {
  const clauses: string[] = [];
  const lead = leadClause(candidate, input, context);
  if (lead) clauses.push(lead);
  const genre = matchesGenre(context.profile, candidate.genre, candidate.tags);
  if (genre) clauses.push(`${candidate.genre ?? genre}, one of your genres`);
  const budget = budgetClause(context.profile, candidate);
  if (budget) clauses.push(budget);
  if (context.loweredBy) {
    clauses.push(`placed lower: close to ‘${context.loweredBy}’, which you marked Not My Market`);
  }
  if (clauses.length === 0) clauses.push('close in meaning to the titles you engage with');
  const sentence = clauses.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
