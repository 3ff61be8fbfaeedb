import { describe, expect, it } from 'vitest';
import { matchBand } from '../recommendations.constants';
import {
  closenessScore,
  matchScore,
  referenceFromCatalogue,
  referenceFromChoices,
  selectivityScore,
} from './match-score';

describe('[RECOMMENDATIONS] the match percentage (issue 31)', () => {
  it('halves the titles that reach each ten points: only the best title can be 95%+', () => {
    expect([1, 2, 3, 4, 8, 16, 17].map(selectivityScore)).toEqual([99, 90, 84, 80, 70, 60, 59]);
    expect([1, 2, 3, 4, 5].map((place) => matchBand(selectivityScore(place)))).toEqual([
      'green',
      'green',
      'green',
      'green',
      'yellow',
    ]);
  });

  it("reads closeness against the producer's own picks: beating half of them is 50%", () => {
    const reference = referenceFromChoices([0.5, 0.6, 0.7])!;
    expect(reference.basis).toBe('own-choices');
    expect(closenessScore(0.6, reference)).toBe(50);
    expect(closenessScore(0.9, reference)).toBeGreaterThanOrEqual(95);
    expect(closenessScore(0.1, reference)).toBe(1);
    // Too few picks to mean anything: no reference from them.
    expect(referenceFromChoices([0.5, 0.6])).toBeNull();
  });

  it('asks a thin taste for the top 1% of the catalogue before it says 50%', () => {
    const fits = Array.from({ length: 200 }, (_, i) => i / 200);
    const reference = referenceFromCatalogue(fits);
    expect(reference.basis).toBe('catalogue');
    expect(closenessScore(0.5, reference)).toBeLessThan(5);
  });

  it('never rises as the fit or the place falls, and stays within 1-99', () => {
    const reference = referenceFromChoices([0.4, 0.5, 0.6, 0.55])!;
    let previous = 100;
    for (let place = 1; place <= 40; place += 1) {
      const score = matchScore(0.9 - place * 0.02, place, reference);
      expect(score).toBeLessThanOrEqual(previous);
      expect(score).toBeGreaterThanOrEqual(1);
      expect(score).toBeLessThanOrEqual(99);
      previous = score;
    }
  });
});
