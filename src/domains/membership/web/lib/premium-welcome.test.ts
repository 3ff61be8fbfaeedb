import { describe, expect, it } from 'vitest';
import { showsPremiumWelcome } from './premium-welcome';

describe("/upgrade?success=true's 'Welcome to Premium!' (issue 10)", () => {
  it('welcomes only a member whose tier is premium', () => {
    expect(showsPremiumWelcome('true', 'premium')).toBe(true);
    expect(showsPremiumWelcome('true', 'free')).toBe(false);
  });

  it('needs the success parameter', () => {
    expect(showsPremiumWelcome(null, 'premium')).toBe(false);
    expect(showsPremiumWelcome('false', 'premium')).toBe(false);
  });
});
