import type { UserRow } from '@/domains/accounts/server';
import type { AdminUser, PendingAgent } from '../admin.schema';

type Role = AdminUser['role'];
type Verification = AdminUser['agentVerificationStatus'];

/** A user row as the admin console shows it (never a hash or a token). */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role as Role,
    membershipTier: row.membershipTier === 'premium' ? 'premium' : 'free',
    premiumExpiresAt: row.premiumExpiresAt?.toISOString() ?? null,
    emailVerified: row.emailVerifiedAt !== null,
    agentVerificationStatus: (row.agentVerificationStatus as Verification) ?? null,
    status: row.suspendedAt ? 'suspended' : 'active',
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    companyName: row.companyName,
  };
}

export function toPendingAgent(row: UserRow): PendingAgent {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    companyName: row.companyName,
    agencyWebsite: row.agencyWebsite,
    agencyYearsInBusiness: row.agencyYearsInBusiness,
    agencyClientList: row.agencyClientList,
    agencyContactPhone: row.agencyContactPhone,
    agencyCredentials: row.agencyCredentials,
    agentVerificationSubmittedAt: row.agentVerificationSubmittedAt?.toISOString() ?? null,
  };
}
