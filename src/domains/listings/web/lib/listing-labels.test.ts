import { describe, expect, it } from 'vitest';
import { formatUkLongDate, mediumLabel, priceRangeLabel, statusBadge } from './listing-labels';

describe('listing labels', () => {
  it('names mediums as the spec does and keeps unknown ones as entered', () => {
    expect(mediumLabel('short_film')).toBe('Short Film');
    expect(mediumLabel('BOOK')).toBe('Book');
    expect(mediumLabel('hologram')).toBe('hologram');
  });

  it('shows Unknown for a status outside available, optioned and sold', () => {
    expect(statusBadge('available').label).toBe('Available');
    expect(statusBadge('Optioned').label).toBe('Optioned');
    expect(statusBadge('sold').label).toBe('Sold');
    expect(statusBadge('withdrawn').label).toBe('Unknown');
  });

  it('shows the price range in pounds or asks to get in touch', () => {
    expect(priceRangeLabel('25000.00', '150000.00')).toBe('£25,000 - £150,000');
    expect(priceRangeLabel(null, null)).toBe('Contact for pricing');
    expect(priceRangeLabel(null, '50000.00')).toBe('Up to £50,000');
  });

  it('formats dates in UK time, day first', () => {
    expect(formatUkLongDate('2026-12-01')).toBe('1 December 2026');
    // Midnight in London during summer time is 23:00 UTC the day before.
    expect(formatUkLongDate('2026-06-30T23:00:00.000Z')).toBe('1 July 2026');
    expect(formatUkLongDate('not a date')).toBeNull();
  });
});
