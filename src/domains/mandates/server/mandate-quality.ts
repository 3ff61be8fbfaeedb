/**
 * How well mandates find their listings, measured offline (issue 35's "Measured"): synthetic
 * mandates with a hidden intent (a genre, one or two themes, a setting, a medium, a budget
 * around the genre's offers) written up as a producer would, ranked over a catalogue by the
 * product's own fit (`fitsHardFields` then `scoreFit`, as GET /api/mandates/{id}/listings
 * orders them) against keyword matching and a random draw. The listings of the hidden intent
 * (its genre, and one of its themes or its setting, in one of the mandate's media) are the
 * relevant set. Used by `bench/mandates-quality.ts` and by its fixture test.
 */
import { cosine } from '@/domains/recommendations/server';
import { createRng, hashSeed, type Rng } from '@/server/prng';
import {
  fitsHardFields,
  mandateText,
  scoreFit,
  type ListingFacts,
  type MandateFacts,
} from './mandate-fit';

export interface MandateQualityListing extends ListingFacts {
  genre: string;
  themes: string[];
  /** Where the story is set, in the generator's words, if known. */
  setting: string | null;
  /** The text the listing is embedded from (what keyword matching reads too). */
  text: string;
  vector: ArrayLike<number>;
}

export interface MandateIntent {
  genre: string;
  themes: string[];
  setting: string | null;
  media: string[];
}

export interface SyntheticMandate {
  intent: MandateIntent;
  mandate: MandateFacts;
}

/** How a producer names a format they want, by the listing's medium. */
const FORMAT_WORDS: Record<string, string> = {
  book: 'a novel to option',
  screenplay: 'a spec script',
  television: 'a returning series',
  short_film: 'a short film',
  stage: 'a stage play to adapt',
  podcast: 'an audio drama we can take to screen',
  comic: 'a graphic novel with a screen future',
  digital_content: 'a digital series',
};

const OPENINGS = [
  'We are an independent London company looking for',
  'Our development slate needs',
  'A BBC-backed drama producer is actively seeking',
  'We want to hear about',
];

const CLOSINGS = [
  'Strong central character and a clear hook matter more to us than an established name.',
  'Debut writers welcome; we will attach a showrunner.',
  'Elevated, character-led and castable.',
  'We have a broadcaster interested and can move quickly.',
];

/**
 * Each theme of the generator's vocabulary as a producer might put it without the word itself,
 * for the "paraphrased" wording: it asks whether the ranking finds what was meant when the
 * mandate and the listing share no theme word (keyword matching cannot, by construction).
 */
const THEME_PARAPHRASES: Record<string, string> = {
  ambition: 'wanting more than their lot',
  'artificial intelligence': 'thinking machines',
  authoritarianism: 'life under a strongman regime',
  belonging: 'finding where you fit',
  betrayal: 'being sold out by those closest',
  brotherhood: 'men bound together',
  bureaucracy: 'red tape and officialdom',
  class: 'the gap between rich and poor',
  climate: 'a warming planet',
  'climate change': 'a warming planet',
  colonialism: 'empire and its aftermath',
  'coming of age': 'the end of childhood',
  community: 'a tight-knit neighbourhood',
  corruption: 'rot at the top',
  courage: 'bravery against the odds',
  deception: 'lies and cover stories',
  destiny: 'a chosen one and fate',
  duty: 'obligation over desire',
  exploration: 'the urge to go further',
  faith: 'belief in God',
  family: 'parents, siblings and kin',
  'first love': 'a teenage romance',
  folklore: 'old myths and legends',
  'found family': 'strangers who become kin',
  freedom: 'breaking free',
  friendship: 'best mates',
  gaslighting: 'a partner who twists reality',
  greed: 'money lust',
  grief: 'loss and mourning',
  'growing up': 'leaving childhood behind',
  guilt: 'a conscience that will not rest',
  home: 'where you come from',
  hope: 'optimism in dark times',
  identity: 'who someone really is',
  imagination: 'make-believe worlds',
  inheritance: 'a contested will',
  'institutional failure': 'systems that let people down',
  isolation: 'being cut off and alone',
  justice: 'putting wrongs right',
  kindness: 'small acts of decency',
  legacy: 'what we leave behind',
  love: 'romance',
  loyalty: 'standing by your people',
  marriage: 'husbands and wives',
  memory: 'remembering and forgetting',
  migration: 'leaving one country for another',
  motherhood: 'being a mum',
  nature: 'the wild outdoors',
  nostalgia: 'longing for yesterday',
  obsession: 'a fixation that consumes',
  perseverance: 'refusing to give up',
  power: 'who holds control',
  prejudice: 'bigotry',
  recognition: 'finally being seen',
  redemption: 'a second shot at being good',
  reinvention: 'starting over as someone new',
  resilience: 'bouncing back',
  resistance: 'fighting an occupier',
  sacrifice: 'giving everything up for others',
  'second chances': 'a fresh start',
  'self-discovery': 'finding out who you are',
  'small-town secrets': 'what a village hides',
  'social media': 'life online',
  'state secrets': 'classified government files',
  surveillance: 'being watched',
  survival: 'staying alive',
  talent: 'a gift for something',
  'the cost of secrets': 'what hiding things does to people',
  'the past': 'history catching up',
  time: 'clocks, years and ageing',
  trust: 'who can be relied on',
  truth: 'getting to what really happened',
  war: 'soldiers and the front line',
  'women’s rights': 'the fight for votes and equality',
  'working life': 'the daily grind of a job',
};

export type MandateWording = 'vocabulary' | 'paraphrased';

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** The mandate's description, in a producer's words, from the hidden intent. */
export function describeIntent(
  intent: MandateIntent,
  rng: Rng,
  wording: MandateWording = 'vocabulary',
): string {
  const formats = intent.media.map((medium) => FORMAT_WORDS[medium] ?? medium.replace('_', ' '));
  const themes = intent.themes
    .map((theme) => (wording === 'paraphrased' ? (THEME_PARAPHRASES[theme] ?? theme) : theme))
    .join(' and ');
  const where = intent.setting ? ` Ideally set in ${intent.setting}.` : '';
  return (
    `${rng.pick(OPENINGS)} ${article(intent.genre.toLowerCase())} story for ${formats.join(' or ')}, ` +
    `about ${themes}.${where} ${rng.pick(CLOSINGS)}`
  );
}

/** Whether a listing fits the hidden intent: its genre, a theme or the setting, and a medium. */
export function isRelevant(intent: MandateIntent, listing: MandateQualityListing): boolean {
  if (listing.genre !== intent.genre || !intent.media.includes(listing.medium)) return false;
  return (
    listing.themes.some((theme) => intent.themes.includes(theme)) ||
    (intent.setting !== null && listing.setting === intent.setting)
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Budget in pounds: the middle half of the genre's suggested offers, to the nearest £1,000. */
function budgetFor(sameGenre: MandateQualityListing[]): [number, number] {
  const mins = sameGenre.flatMap((l) =>
    l.suggestedOfferMin === null ? [] : [l.suggestedOfferMin / 100],
  );
  const maxes = sameGenre.flatMap((l) =>
    l.suggestedOfferMax === null ? [] : [l.suggestedOfferMax / 100],
  );
  const low = Math.floor(quantile(mins, 0.25) / 1000) * 1000;
  const high = Math.max(low + 1000, Math.ceil(quantile(maxes, 0.75) / 1000) * 1000);
  return [low, high];
}

/** A hidden intent drawn from the catalogue's own vocabulary, and the mandate written from it. */
function drawMandate(
  rng: Rng,
  listings: MandateQualityListing[],
  wording: MandateWording,
): SyntheticMandate {
  const anchor = rng.pick(listings);
  const sameGenre = listings.filter((listing) => listing.genre === anchor.genre);
  const themes = [...new Set(sameGenre.flatMap((listing) => listing.themes))];
  const settings = [...new Set(sameGenre.flatMap((listing) => listing.setting ?? []))];
  const otherMedia = [...new Set(sameGenre.map((listing) => listing.medium))].filter(
    (medium) => medium !== anchor.medium,
  );
  const intent: MandateIntent = {
    genre: anchor.genre,
    themes: rng.sample(themes, rng.chance(0.5) ? 1 : 2),
    setting: anchor.setting ?? (settings.length > 0 ? rng.pick(settings) : null),
    media:
      otherMedia.length > 0 && rng.chance(0.5)
        ? [anchor.medium, rng.pick(otherMedia)]
        : [anchor.medium],
  };
  const [budgetMin, budgetMax] = budgetFor(sameGenre);
  return {
    intent,
    mandate: {
      media: intent.media,
      genres: [intent.genre],
      rights: ['film', 'tv'],
      territories: [rng.pick(['UK', 'Worldwide', 'UK & Commonwealth'])],
      budgetMin,
      budgetMax,
      description: describeIntent(intent, rng, wording),
    },
  };
}

export function makeMandates(
  listings: MandateQualityListing[],
  count: number,
  seed = 'mandates-quality-v1',
  wording: MandateWording = 'vocabulary',
): SyntheticMandate[] {
  // The same seed gives the same intents in either wording: only the description's words differ.
  return Array.from({ length: count }, (_, m) =>
    drawMandate(createRng(hashSeed(seed, m)), listings, wording),
  );
}

/** The text each mandate is embedded from, as the product embeds it when it is posted. */
export const mandateEmbeddingText = (mandate: MandateFacts) => mandateText(mandate);

/** Ours: the product's fit over the listings that pass the hard fields, best first (top k). */
export function rankOurs(
  mandate: MandateFacts,
  mandateVector: ArrayLike<number>,
  listings: MandateQualityListing[],
  k = 10,
): number[] {
  const vector = Array.from(mandateVector);
  return listings
    .filter((listing) => fitsHardFields(mandate, listing))
    .map((listing) => ({
      id: listing.id,
      score: scoreFit(mandate, listing, cosine(vector, Array.from(listing.vector))).score,
    }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, k)
    .map((entry) => entry.id);
}

/**
 * Diagnostics, not the product: the same fit with budget and territory made equal for every
 * listing (meaning and genre alone), and cosine alone, to show what each part adds or costs.
 */
export function rankDiagnostic(
  kind: 'meaningGenre' | 'meaningOnly',
  mandate: MandateFacts,
  mandateVector: ArrayLike<number>,
  listings: MandateQualityListing[],
  k = 10,
): number[] {
  if (kind === 'meaningGenre') {
    const open = { ...mandate, territories: ['Worldwide'], budgetMin: 0, budgetMax: 1e12 };
    return rankOurs(open, mandateVector, listings, k);
  }
  const vector = Array.from(mandateVector);
  return listings
    .filter((listing) => fitsHardFields(mandate, listing))
    .map((listing) => ({ id: listing.id, score: cosine(vector, Array.from(listing.vector)) }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, k)
    .map((entry) => entry.id);
}

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have in is it of on or our that the their this to we with will us can more than about what want'.split(
    ' ',
  ),
);

/** A text's distinct words, lower case, stop words and one- or two-letter words dropped. */
export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2 && !STOPWORDS.has(word)),
  );
}

/**
 * Keyword matching: how many of the mandate's words (genres and description, the text the
 * product embeds) occur in the listing's text, over the same hard-field candidates as ours.
 */
export function rankKeyword(
  mandate: MandateFacts,
  listings: MandateQualityListing[],
  k = 10,
): number[] {
  const words = contentWords(mandateText(mandate));
  return listings
    .filter((listing) => fitsHardFields(mandate, listing))
    .map((listing) => {
      const own = contentWords(listing.text);
      return { id: listing.id, score: [...words].filter((word) => own.has(word)).length };
    })
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, k)
    .map((entry) => entry.id);
}

/** Random: k of the hard-field candidates. */
export function rankRandom(
  mandate: MandateFacts,
  listings: MandateQualityListing[],
  rng: Rng,
  k = 10,
): number[] {
  const ids = listings.filter((listing) => fitsHardFields(mandate, listing)).map((l) => l.id);
  return rng.sample(ids, Math.min(k, ids.length));
}

export interface MatchQuality {
  hitRate: number;
  precision: number;
  ndcg: number;
}

/** hit@k, precision@k and nDCG@k (binary relevance) of one ranked list. */
export function scoreList(ranked: number[], relevant: Set<number>, k = 10): MatchQuality {
  const top = ranked.slice(0, k);
  let dcg = 0;
  top.forEach((id, rank) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(relevant.size, k); rank += 1) ideal += 1 / Math.log2(rank + 2);
  const hits = top.filter((id) => relevant.has(id)).length;
  return { hitRate: hits > 0 ? 1 : 0, precision: hits / k, ndcg: ideal === 0 ? 0 : dcg / ideal };
}

const METHODS = [
  'ours',
  'keyword',
  'random',
  'genreRandom',
  'meaningGenre',
  'meaningOnly',
] as const;

export interface MandateQualityReport extends Record<(typeof METHODS)[number], MatchQuality> {
  /** Mandates measured (those with at least one relevant listing) and those skipped. */
  measured: number;
  skipped: number;
  meanRelevant: number;
  meanCandidates: number;
}

/** Every mandate through the three methods; means over mandates with a relevant listing. */
export function evaluateMandates(
  listings: MandateQualityListing[],
  mandates: SyntheticMandate[],
  mandateVectors: ArrayLike<number>[],
  k = 10,
): MandateQualityReport {
  const rng = createRng(hashSeed('mandates-random-baseline'));
  const sums = Object.fromEntries(METHODS.map((method) => [method, [0, 0, 0]])) as Record<
    (typeof METHODS)[number],
    number[]
  >;
  let measured = 0;
  let relevantSum = 0;
  let candidateSum = 0;
  mandates.forEach(({ intent, mandate }, m) => {
    const relevant = new Set(listings.filter((l) => isRelevant(intent, l)).map((l) => l.id));
    if (relevant.size === 0) return;
    measured += 1;
    relevantSum += relevant.size;
    candidateSum += listings.filter((listing) => fitsHardFields(mandate, listing)).length;
    const lists = {
      ours: rankOurs(mandate, mandateVectors[m], listings, k),
      keyword: rankKeyword(mandate, listings, k),
      random: rankRandom(mandate, listings, rng, k),
      // What the genre field alone earns: a random draw among the candidates of the genre.
      genreRandom: rankRandom(
        mandate,
        listings.filter((listing) => mandate.genres.includes(listing.genre)),
        rng,
        k,
      ),
      meaningGenre: rankDiagnostic('meaningGenre', mandate, mandateVectors[m], listings, k),
      meaningOnly: rankDiagnostic('meaningOnly', mandate, mandateVectors[m], listings, k),
    };
    for (const method of METHODS) {
      const quality = scoreList(lists[method], relevant, k);
      sums[method][0] += quality.hitRate;
      sums[method][1] += quality.precision;
      sums[method][2] += quality.ndcg;
    }
  });
  const mean = (method: keyof typeof sums) => ({
    hitRate: measured === 0 ? 0 : sums[method][0] / measured,
    precision: measured === 0 ? 0 : sums[method][1] / measured,
    ndcg: measured === 0 ? 0 : sums[method][2] / measured,
  });
  return {
    ...(Object.fromEntries(METHODS.map((method) => [method, mean(method)])) as Record<
      (typeof METHODS)[number],
      MatchQuality
    >),
    measured,
    skipped: mandates.length - measured,
    meanRelevant: measured === 0 ? 0 : relevantSum / measured,
    meanCandidates: measured === 0 ? 0 : candidateSum / measured,
  };
}
