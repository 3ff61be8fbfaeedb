import { describe, expect, it } from 'vitest';
import { offerStatusBadge, successRate, timeRemaining } from './offer-display';

const now = Date.parse('2026-03-10T12:00:00Z');
const inFuture = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 60 * 60 * 1000;

describe('showing offers', () => {
  it('gives the success rate to one decimal, and 0.0% with no offers', () => {
    expect(successRate({ accepted: 0, total: 0 })).toBe('0.0%');
    expect(successRate({ accepted: 1, total: 3 })).toBe('33.3%');
    expect(successRate({ accepted: 2, total: 3 })).toBe('66.7%');
    expect(successRate({ accepted: 4, total: 4 })).toBe('100.0%');
  });

  it('counts down to the response deadline in days and hours, then minutes', () => {
    expect(timeRemaining(inFuture(3 * 24 * HOUR + 4 * HOUR + 59_000), now)).toBe('3 days 4 hours');
    expect(timeRemaining(inFuture(24 * HOUR + HOUR), now)).toBe('1 day 1 hour');
    expect(timeRemaining(inFuture(2 * 24 * HOUR), now)).toBe('2 days');
    expect(timeRemaining(inFuture(5 * HOUR + 12 * 60_000), now)).toBe('5 hours 12 minutes');
    expect(timeRemaining(inFuture(30_000), now)).toBe('1 minute');
  });

  it('has no countdown once the deadline has passed or without one', () => {
    expect(timeRemaining(inFuture(-1), now)).toBeNull();
    expect(timeRemaining(null, now)).toBeNull();
  });

  it('labels every status, treating a missing one as pending', () => {
    expect(offerStatusBadge('awaiting_payment').label).toBe('Awaiting Payment');
    expect(offerStatusBadge('cancelled').label).toBe('Cancelled');
    expect(offerStatusBadge(undefined).label).toBe('Pending');
  });
});
