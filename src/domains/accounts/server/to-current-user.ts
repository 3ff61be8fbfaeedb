import { effectiveTier } from '@/domains/membership/membership.rules';
import type { CurrentUser } from '../accounts.schema';
import type { UserRow } from './accounts.tables';

/** The one mapping from a user row to what the browser may see (never the password hash). */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    // A paid-up year that ran out reads as free at once, before any job downgrades the row.
    membershipTier: effectiveTier(user),
    profileImageUrl: user.profileImageUrl,
    phoneNumber: user.phoneNumber,
    address: user.address,
    imdbPageLink: user.imdbPageLink,
    whatAreYouLookingFor: user.whatAreYouLookingFor,
    howDidYouHearAboutUs: user.howDidYouHearAboutUs,
    companyName: user.companyName,
    showNameToAgents: user.showNameToAgents,
    agentVerificationStatus: user.agentVerificationStatus,
    premiumExpiresAt: user.premiumExpiresAt?.toISOString() ?? null,
    premiumAutoRenew: user.premiumAutoRenew,
    pendingEmail: user.pendingEmail,
    isProfileComplete: user.profileCompletedAt !== null,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
