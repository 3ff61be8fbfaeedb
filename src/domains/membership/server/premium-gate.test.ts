import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@/shared/errors';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { effectiveTier, PREMIUM_FEATURES, type PremiumFeature } from '../membership.rules';
import { hasPremiumAccess, requirePremium } from './premium-gate';

const now = new Date('2026-06-01T12:00:00Z');
const features = Object.keys(PREMIUM_FEATURES) as PremiumFeature[];

const person = (fields: Partial<UserRow>): UserRow =>
  ({
    id: 1,
    role: 'producer',
    membershipTier: 'free',
    premiumExpiresAt: null,
    ...fields,
  }) as UserRow;
const requestOf = (user: UserRow | null) => ({ user }) as FastifyRequest;

describe('[MEMBERSHIP] the one premium rule', () => {
  it.each([
    ['a free producer', person({}), false],
    [
      'a paid-up premium producer',
      person({ membershipTier: 'premium', premiumExpiresAt: new Date('2026-12-01T00:00:00Z') }),
      true,
    ],
    ['a producer an admin made premium', person({ membershipTier: 'premium' }), true],
    [
      'a premium producer whose year ran out',
      person({ membershipTier: 'premium', premiumExpiresAt: new Date('2026-06-01T11:59:59Z') }),
      false,
    ],
    ['an agent', person({ role: 'agent' }), true],
    ['an admin', person({ role: 'admin' }), true],
  ])('decides every premium feature alike for %s', (_who, user, expected) => {
    for (const feature of features) {
      expect(hasPremiumAccess(user, feature, now)).toBe(expected);
    }
  });

  it('reads expiry dates the browser sends as ISO strings too', () => {
    const subject = { role: 'producer', membershipTier: 'premium' };
    expect(effectiveTier({ ...subject, premiumExpiresAt: '2026-06-02T00:00:00.000Z' }, now)).toBe(
      'premium',
    );
    expect(effectiveTier({ ...subject, premiumExpiresAt: '2026-05-31T00:00:00.000Z' }, now)).toBe(
      'free',
    );
    expect(hasPremiumAccess(null, 'forum', now)).toBe(false);
  });

  it('answers 403 UPGRADE_REQUIRED with upgradeRequired to those without premium', () => {
    let refusal: unknown;
    try {
      requirePremium(requestOf(person({})), 'comments', now);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 403,
      code: 'UPGRADE_REQUIRED',
      message: 'This feature requires a Premium membership',
      extra: { upgradeRequired: true, feature: 'comments' },
    });
    expect(() => requirePremium(requestOf(null), 'forum', now)).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    const agent = person({ role: 'agent' });
    expect(requirePremium(requestOf(agent), 'forum', now)).toBe(agent);
  });
});
