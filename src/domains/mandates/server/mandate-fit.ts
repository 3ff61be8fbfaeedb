import {
  MEDIUM_LABELS,
  RIGHT_LABELS,
  type Medium,
  type Right,
} from '@/domains/listings/listings.constants';
import type { MandateRow } from './mandates.tables';

/** The facts of a listing the fit reads. */
export interface ListingFacts {
  id: number;
  title: string;
  author: string;
  medium: string;
  genre: string | null;
  tags: string[];
  rightsAvailable: string[];
  territory: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
  askingPrice: number | null;
}

export type MandateFacts = Pick<
  MandateRow,
  'media' | 'genres' | 'rights' | 'territories' | 'budgetMin' | 'budgetMax' | 'description'
>;

const lower = (values: string[]) => values.map((value) => value.trim().toLowerCase());
const WORLDWIDE = 'worldwide';

/** The hard fields: the medium is one the mandate asks for and some asked right is available. */
export function fitsHardFields(
  mandate: MandateFacts,
  listing: Pick<ListingFacts, 'medium' | 'rightsAvailable'>,
): boolean {
  if (!mandate.media.includes(listing.medium)) return false;
  return mandate.rights.some((right) => listing.rightsAvailable.includes(right));
}

/** The listing's price in pounds, as a range (suggested offers, else the asking price). */
function priceRange(listing: ListingFacts): [number, number] | null {
  const min = listing.suggestedOfferMin ?? listing.askingPrice;
  const max = listing.suggestedOfferMax ?? listing.askingPrice;
  if (min === null || max === null) return null;
  return [Math.round(min / 100), Math.round(max / 100)];
}

const money = (pounds: number) => `£${pounds.toLocaleString('en-GB')}`;

export interface Fit {
  score: number;
  reason: string;
}

/**
 * How well a listing that passed the hard fields fits, and why, in one sentence. Meaning
 * (cosine of the two texts' vectors, 0..1) weighs half; genre, budget and territory the rest,
 * so two listings of the right medium and rights are ordered by what the producer wrote.
 */
export function scoreFit(mandate: MandateFacts, listing: ListingFacts, similarity: number): Fit {
  const genres = lower(mandate.genres);
  const listingGenres = lower([...(listing.genre ? [listing.genre] : []), ...listing.tags]);
  const genreHits = genres.filter((genre) => listingGenres.includes(genre));
  const territories = lower(mandate.territories);
  const listingTerritories = lower(listing.territory);
  const territoryHit =
    listingTerritories.includes(WORLDWIDE) ||
    territories.includes(WORLDWIDE) ||
    territories.some((territory) => listingTerritories.includes(territory));
  const price = priceRange(listing);
  const inBudget = price !== null && price[0] <= mandate.budgetMax && price[1] >= mandate.budgetMin;
  const rights = mandate.rights.filter((right) => listing.rightsAvailable.includes(right));

  const parts = [
    `${MEDIUM_LABELS[listing.medium as Medium] ?? listing.medium}, as the mandate asks`,
    `${rights.map((right) => RIGHT_LABELS[right as Right] ?? right).join(' and ')} rights available`,
  ];
  if (genreHits.length > 0) parts.push(`genre: ${genreHits.join(', ')}`);
  if (inBudget) {
    parts.push(`priced within the ${money(mandate.budgetMin)}–${money(mandate.budgetMax)} budget`);
  }
  if (territoryHit) parts.push('territories match');
  const meaning = Math.max(0, similarity);
  if (meaning >= 0.3) parts.push('close in meaning to the description');
  const score =
    0.5 * meaning +
    0.2 * (genreHits.length > 0 ? 1 : 0) +
    0.15 * (inBudget ? 1 : 0) +
    0.15 * (territoryHit ? 1 : 0);
  return { score: Math.round(score * 1000) / 1000, reason: `${parts.join('; ')}.` };
}

/** The text a mandate is embedded from (what the producer wrote, and what they ask for). */
export function mandateText(mandate: MandateFacts): string {
  return [mandate.genres.join(', '), mandate.description].join('. ');
}
