/**
 * Who may use the forum (part 2 section 6), in one pure module the server's guard and the
 * browser's restricted screen both import. No server imports.
 */
import { hasPremiumAccess, type PremiumSubject } from '@/domains/membership/membership.rules';

/**
 * Premium producers (the membership rule), agents and admins. 'premium' as a *role* is a
 * value the original product stored for premium members; accounts carried over with it keep
 * their access (decision 012).
 */
export function canUseForum(user: PremiumSubject | null, now: Date = new Date()): boolean {
  if (!user) return false;
  if (user.role === 'premium') return true;
  return hasPremiumAccess(user, 'forum', now);
}

/** Admins moderate: pin, lock, delete anything, see and resolve reports. */
export const isForumModerator = (user: { role: string } | null): boolean => user?.role === 'admin';
