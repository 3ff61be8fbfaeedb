import type { TasteProfileValues } from './taste-profile';

/** What the profile's nudges read of a title. */
export interface FitCard {
  genre: string | null;
  medium: string;
  tags: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
}

const lower = (value: string | null) => (value ?? '').toLowerCase();

/** The producer's genre this title is in (by its genre or a tag), if any. */
export function matchesGenre(
  profile: TasteProfileValues,
  genre: string | null,
  tags: string[],
): string | undefined {
  const wanted = profile.genres.map((g) => g.toLowerCase());
  return wanted.find(
    (g) => lower(genre).includes(g) || tags.some((tag) => tag.toLowerCase().includes(g)),
  );
}

export type PriceFit = 'within' | 'above' | 'below' | 'unknown';

export function priceFit(
  profile: TasteProfileValues,
  min: number | null,
  max: number | null,
): PriceFit {
  if (profile.budgetMin === null && profile.budgetMax === null) return 'unknown';
  const low = min ?? max;
  const high = max ?? min;
  if (low === null || high === null) return 'unknown';
  if (profile.budgetMax !== null && low > profile.budgetMax) return 'above';
  if (profile.budgetMin !== null && high < profile.budgetMin) return 'below';
  return 'within';
}

/** Genre, medium and budget: small nudges on top of closeness in meaning. */
export function profileFit(profile: TasteProfileValues, card: FitCard): number {
  let fit = 0;
  if (matchesGenre(profile, card.genre, card.tags)) fit += 0.06;
  if (profile.mediums.some((medium) => medium.toLowerCase() === card.medium.toLowerCase())) {
    fit += 0.03;
  }
  const price = priceFit(profile, card.suggestedOfferMin, card.suggestedOfferMax);
  if (price === 'within') fit += 0.05;
  if (price === 'above') fit -= 0.08;
  if (price === 'below') fit -= 0.02;
  return fit;
}
