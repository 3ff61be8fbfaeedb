import type { FastifyRequest } from 'fastify';
import { AppError } from '@/shared/errors';
import { requireUser } from '@/server/plugins/session';
import type { UserRow } from '@/domains/accounts/server';
import { PREMIUM_REQUIRED_MESSAGE } from '../membership.constants';
import { hasPremiumAccess, type PremiumFeature } from '../membership.rules';

export { hasPremiumAccess, PREMIUM_FEATURES, type PremiumFeature } from '../membership.rules';

/**
 * The one server-side premium gate. Every premium-only route (comments, commercial analysis
 * and its search, AI recommendations, the forum for producers) calls this first:
 *
 *   const user = requirePremium(request, 'comments');
 *
 * 401 when signed out; 403 UPGRADE_REQUIRED with `upgradeRequired: true` for anyone the
 * shared rule (membership.rules.ts) does not let in. The browser's prompts use the same rule.
 */
export function requirePremium(
  request: FastifyRequest,
  feature: PremiumFeature,
  now: Date = new Date(),
): UserRow {
  const user = requireUser(request);
  if (!hasPremiumAccess(user, feature, now)) {
    throw new AppError('UPGRADE_REQUIRED', PREMIUM_REQUIRED_MESSAGE, {
      extra: { upgradeRequired: true, feature },
    });
  }
  return user;
}
