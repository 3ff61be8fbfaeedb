import { describe, expect, it } from 'vitest';
import { formatResetDayMonth, usageWarning } from './membership-card';

describe('the membership card', () => {
  it('warns at one view left and says the limit is reached at none', () => {
    expect(usageWarning(3)).toBeNull();
    expect(usageWarning(2)).toBeNull();
    expect(usageWarning(1)).toBe('nearly-at-limit');
    expect(usageWarning(0)).toBe('limit-reached');
    expect(usageWarning(null)).toBeNull();
  });

  it('shows the reset date as day and month', () => {
    expect(formatResetDayMonth('2026-12-01')).toBe('1 December');
    expect(formatResetDayMonth('2027-01-01')).toBe('1 January');
  });
});
