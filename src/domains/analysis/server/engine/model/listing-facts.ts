/**
 * What the agent (and enrichment) said about the title, read into the two signals the score
 * uses: acclaim (awards, reviews, reader rating) and audience reach (sales, social and video
 * figures). Each reading is kept with the words it came from, so the basis can name it.
 */
export interface FactReading {
  /** What the reader sees: 'Awards: Winner of the Booker Prize 2019'. */
  fact: string;
  /** Contribution to the signal, −1 to 1. */
  strength: number;
}

export interface FactsInput {
  awards: string | null;
  reviews: string | null;
  salesFigures: string | null;
  averageRating: number | null;
  ratingsCount: number | null;
  twitterBuzzScore: number | null;
  youtubePopularityScore: number | null;
}

const GROUPED = new Intl.NumberFormat('en-GB');
const clampUnit = (value: number) => Math.max(-1, Math.min(1, value));

export function readAcclaim(facts: FactsInput): FactReading[] {
  const readings: FactReading[] = [];
  const awards = facts.awards?.trim();
  if (awards) {
    const strength = /\bwinner|\bwon\b/i.test(awards)
      ? 1
      : /shortlist/i.test(awards)
        ? 0.6
        : /longlist/i.test(awards)
          ? 0.3
          : 0.3;
    readings.push({ fact: `Awards: ${awards}`, strength });
  }
  if (facts.reviews?.trim()) {
    readings.push({ fact: `Reviews: ${truncate(facts.reviews.trim())}`, strength: 0.3 });
  }
  if (facts.averageRating !== null && (facts.ratingsCount ?? 0) >= 50) {
    const rating = facts.averageRating;
    const strength = rating >= 4.2 ? 0.4 : rating >= 3.9 ? 0.2 : rating < 3.3 ? -0.4 : 0;
    if (strength !== 0) {
      readings.push({
        fact: `Reader rating ${rating.toFixed(2)} of 5 from ${GROUPED.format(facts.ratingsCount!)} readers`,
        strength,
      });
    }
  }
  return readings;
}

/** The largest number in a sales line ('Over 120,000 copies', '2 million downloads'). */
export function salesNumber(text: string): number | null {
  let best: number | null = null;
  for (const match of text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(million|m\b|k\b|thousand)?/gi)) {
    const base = Number(match[1].replace(/,/g, ''));
    if (!Number.isFinite(base)) continue;
    const unit = (match[2] ?? '').toLowerCase();
    const value =
      unit === 'million' || unit === 'm'
        ? base * 1_000_000
        : unit === 'k' || unit === 'thousand'
          ? base * 1_000
          : base;
    best = best === null ? value : Math.max(best, value);
  }
  return best;
}

export function readReach(facts: FactsInput): FactReading[] {
  const readings: FactReading[] = [];
  const sales = facts.salesFigures?.trim();
  const copies = sales ? salesNumber(sales) : null;
  if (sales && copies !== null && copies > 0) {
    // 10,000 sold is the middle of the market; each tenfold step is half the scale.
    readings.push({
      fact: `Sales: ${truncate(sales)}`,
      strength: clampUnit((Math.log10(copies) - 4) / 2),
    });
  }
  if (facts.twitterBuzzScore !== null) {
    readings.push({
      fact: `Social buzz ${facts.twitterBuzzScore} of 100`,
      strength: clampUnit((facts.twitterBuzzScore - 50) / 50),
    });
  }
  if (facts.youtubePopularityScore !== null) {
    readings.push({
      fact: `Video popularity ${facts.youtubePopularityScore} of 100`,
      strength: clampUnit((facts.youtubePopularityScore - 50) / 50),
    });
  }
  return readings;
}

/** Acclaim adds up (an award and good reviews), within −1 to 1; reach is the mean signal. */
export function acclaimStrength(readings: readonly FactReading[]): number {
  return clampUnit(readings.reduce((sum, reading) => sum + reading.strength, 0));
}
export function reachStrength(readings: readonly FactReading[]): number {
  if (readings.length === 0) return 0;
  return clampUnit(readings.reduce((sum, reading) => sum + reading.strength, 0) / readings.length);
}

/** Splits 'Gone Girl meets The Night Manager' or 'Arrival, Interstellar' into titles. */
export function namedTitles(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\s+meets\s+|\s+x\s+|[,;/]|\s+and\s+|\s+&\s+/i)
    .map((part) => part.replace(/^['"“‘\s]+|['"”’.\s]+$/g, '').trim())
    .filter((part) => part.length >= 2);
}

/** Title key for matching: lower case, no leading article, letters and digits only. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, '')
    .replace(/[^a-z0-9]+/g, '');
}

function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
