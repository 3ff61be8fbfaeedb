import { createHash } from 'node:crypto';
import { ENGINE_VERSION } from '../../analysis.constants';
import type { MarketData } from '../market/market-data';

/** The listing fields the engine reads (and hashes). Money in pence, as stored. */
export interface EngineListing {
  id: number;
  title: string;
  genre: string | null;
  medium: string;
  pages: number | null;
  publishDate: string | null;
  status: string;
  suggestedOfferMaxPence: number | null;
  awards: string | null;
  salesFigures: string | null;
  reviews: string | null;
  comparableTitles: string | null;
  previousAdaptations: boolean;
  averageRating: number | null;
  ratingsCount: number | null;
  /** Where the ratings came from when enrichment supplied them ('Google Books on 2026-11-24'). */
  ratingsSource: string | null;
  twitterMentions: number | null;
  twitterBuzzScore: number | null;
  youtubeTotalViews: number | null;
  youtubePopularityScore: number | null;
  youtubeAdaptationPotential: number | null;
  contentRating: string | null;
  themes: string[];
  targetDemographic: { ageRange?: string; gender?: string; income?: string } | null;
}

/** The platform's own market for the listing and its genre (counts of real activity). */
export interface PlatformActivity {
  listing: { views: number; favourites: number; offers: number };
  genre: {
    listings: number;
    views: number;
    favourites: number;
    offers: number;
    /** Accepted offers' prices in the genre, in pence, ascending. */
    acceptedOptionPricesPence: number[];
  };
}

export interface EngineInputs {
  listing: EngineListing;
  activity: PlatformActivity;
  /** The year "today" is in (publication recency); part of the inputs, so of the hash. */
  asOfYear: number;
}

/** sha256 of the canonical JSON of every input the engine reads, with the engine version. */
export function computeInputHash(inputs: EngineInputs, market: MarketData): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  const payload = JSON.stringify(
    canonical({
      engineVersion: ENGINE_VERSION,
      inputs,
      market: {
        films: market.films.length,
        dataRange: market.dataRange,
        applied: market.report.applied,
      },
    }),
  );
  return createHash('sha256').update(payload).digest('hex');
}
