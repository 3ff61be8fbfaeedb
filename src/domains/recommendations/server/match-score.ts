/**
 * The match percentage (issue 31): what the badge's number means, and why 95%+ is rare.
 *
 * A title's fit (closeness in meaning to the producer's taste, plus the genre, medium and
 * budget nudges) is compared with a reference distribution of fits, and the match is the
 * share of that distribution the title beats: `100 × Φ((fit − mean) / spread)`.
 *
 * - With at least three titles the producer chose (offers, favourites, 'Commercially Viable',
 *   long reads), the reference is THEIR OWN choices: each chosen title's fit to the taste built
 *   from everything else they did (leave one out, so a title does not vouch for itself). "80%
 *   match" then reads "closer to your taste than 80% of the titles you actually picked". A
 *   title new to them beats 95% of their own picks only rarely: by construction about one in
 *   twenty of the titles as close as their picks, which is at most one of a top ten.
 * - Otherwise (a cold start, or one or two signals) the reference is the catalogue: a
 *   title must sit in the catalogue's top 1% for this taste to reach 50%, so a thin taste
 *   never claims a high match.
 *
 * Closeness alone is generous: the best of a thousand titles beats most of anyone's own picks
 * (measured: 75% of top-ten cards were green, up to ten 95%+ in one list). So the badge is also
 * capped by selectivity, the title's place in the producer's ranking on a halving scale
 * (`selectivityScore`): 95%+ is then the single best title at most, by construction, and
 * green (80+) at most the best four.
 *
 * Higher always means a more likely interest (both readings fall as the fit falls), the range
 * is used (titles far from the taste score near 1), and the spec's bands mean: green (80+)
 * one of your best four titles and closer than four in five of your own picks; yellow (60+)
 * one of your best sixteen and closer than three in five.
 */

export interface MatchReference {
  mean: number;
  spread: number;
  basis: 'own-choices' | 'catalogue';
}

/** Fewer own choices than this and their spread means little: the catalogue is the reference. */
export const MIN_OWN_CHOICES = 3;
/** A floor on the spread, so a producer whose picks are near-identical is not all-or-nothing. */
const MIN_SPREAD = 0.02;
/** Catalogue reference: 50% sits this many standard deviations above the catalogue's mean. */
const CATALOGUE_OFFSET_SD = 2.33;

function meanAndSpread(values: number[]): { mean: number; spread: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, spread: Math.max(MIN_SPREAD, Math.sqrt(variance)) };
}

/** The reference from the producer's own choices' leave-one-out fits, or null if too few. */
export function referenceFromChoices(fits: number[]): MatchReference | null {
  if (fits.length < MIN_OWN_CHOICES) return null;
  return { ...meanAndSpread(fits), basis: 'own-choices' };
}

/** The reference from a sample of the catalogue's fits (a thin or empty taste). */
export function referenceFromCatalogue(fits: number[]): MatchReference {
  if (fits.length < 2) return { mean: 1, spread: 0.1, basis: 'catalogue' };
  const { mean, spread } = meanAndSpread(fits);
  return { mean: mean + CATALOGUE_OFFSET_SD * spread, spread, basis: 'catalogue' };
}

/** The standard normal CDF (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const clampScore = (value: number) => Math.max(1, Math.min(99, Math.round(value)));

/** Closeness: the share of the reference this fit beats, 1–99. */
export function closenessScore(fit: number, reference: MatchReference): number {
  return clampScore(100 * normalCdf((fit - reference.mean) / reference.spread));
}

/**
 * Selectivity: the title's place among every title the producer could be shown, on a halving
 * scale: the 2nd 90, the 4th 80, the 8th 70, the 16th 60 (the best one 99, the ceiling). Ten
 * points fewer means twice as many titles reach it, so only the single best title can be 95%+,
 * at most four are green (80+) and sixteen yellow (60+) or better.
 */
export function selectivityScore(place: number): number {
  return clampScore(100 - 10 * Math.log2(Math.max(1, place)));
}

/**
 * The badge's 1–99 (never 0: every title was compared; never 100: nothing is certain): the
 * lower of closeness and selectivity, so a title must be both among the producer's very best
 * AND as close as what they actually chose to claim a high match. Both fall as the fit falls,
 * so the badge order is the fit order.
 */
export function matchScore(fit: number, place: number, reference: MatchReference): number {
  return Math.min(closenessScore(fit, reference), selectivityScore(place));
}
