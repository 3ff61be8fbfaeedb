import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { setUserRole, type UserRoleChange, type UserRow } from '@/domains/accounts/server';
import { publishAgentDrafts } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { membershipSubscriptions } from '@/domains/membership/server/subscriptions.tables';
import { conflict, forbidden } from '@/shared/errors';
import {
  ADMIN_MESSAGES,
  ADMIN_PREMIUM_GRANT_DAYS,
  type AdminRoleOption,
  type AdminUserActionResponse,
} from '../admin.schema';
import { lockTargetUser } from './lock-target-user';
import { changedFields, recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';
import { toAdminUser } from './to-admin-user';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription that is still paying (membership's own list: active, in renewal retries). */
const PAYING = ['active', 'past_due'];
/** Listing statuses that are off the market for good (the agent's old, settled titles). */
const GONE = ['withdrawn'];

export interface ChangeUserRoleOptions {
  admin: UserRow;
  userId: number;
  role: AdminRoleOption;
}

async function isPayingMember(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: membershipSubscriptions.id })
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        inArray(membershipSubscriptions.status, PAYING),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function hasListings(tx: Executor, agentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.agentId, agentId), notInArray(listings.status, GONE)))
    .limit(1);
  return Boolean(row);
}

/**
 * What each console role means on the user row (decision 009): `free` a producer on the free
 * tier; `premium` a producer with a complimentary year of Premium that never bills; `agent` an
 * agent the administrator vouches for (approved). `admin` only keeps an administrator one.
 */
async function roleChangeFor(
  tx: Executor,
  user: UserRow,
  role: Exclude<AdminRoleOption, 'admin'>,
  now: Date,
): Promise<UserRoleChange> {
  const paying = await isPayingMember(tx, user.id);
  const producer = { agentVerificationStatus: null, agentVerifiedAt: null } as const;
  if (role === 'premium') {
    // A paying member keeps what they pay for; the grant never shortens a paid-up year.
    if (paying) return { ...current(user), role: 'producer', ...producer };
    const grantEnds = new Date(now.getTime() + ADMIN_PREMIUM_GRANT_DAYS * DAY_MS);
    const premiumExpiresAt =
      user.membershipTier === 'premium' &&
      user.premiumExpiresAt &&
      user.premiumExpiresAt > grantEnds
        ? user.premiumExpiresAt
        : grantEnds;
    return {
      role: 'producer',
      membershipTier: 'premium',
      premiumExpiresAt,
      premiumAutoRenew: false,
      ...producer,
    };
  }
  // Free and agent end a membership: one that someone pays for ends by refund or renewal off.
  if (paying) {
    throw conflict(
      'This member pays for Premium. Refund the membership (within 14 days) or let it end before changing the role.',
    );
  }
  if (role === 'free') {
    return {
      role: 'producer',
      membershipTier: 'free',
      premiumExpiresAt: null,
      premiumAutoRenew: true,
      ...producer,
    };
  }
  return {
    role: 'agent',
    membershipTier: 'free',
    premiumExpiresAt: null,
    premiumAutoRenew: true,
    // An administrator made them an agent: there is no application left to review.
    agentVerificationStatus: 'approved',
    agentVerifiedAt: user.agentVerifiedAt ?? now,
  };
}

const current = (user: UserRow): UserRoleChange => ({
  role: user.role as UserRoleChange['role'],
  membershipTier: user.membershipTier === 'premium' ? 'premium' : 'free',
  premiumExpiresAt: user.premiumExpiresAt,
  premiumAutoRenew: user.premiumAutoRenew,
  agentVerificationStatus:
    user.agentVerificationStatus as UserRoleChange['agentVerificationStatus'],
  agentVerifiedAt: user.agentVerifiedAt,
});

/** PUT /api/admin/users/{userId}/role (part 2 section 6: options free, premium, agent). */
export async function changeUserRole(
  deps: Pick<AppDeps, 'db' | 'log'>,
  { admin, userId, role }: ChangeUserRoleOptions,
): Promise<AdminUserActionResponse> {
  requireAdmin(admin);
  let afterCommit = () => {};
  const updated = await deps.db.transaction(async (tx) => {
    const before = await lockTargetUser(tx, userId);
    if (before.id === admin.id) throw forbidden(ADMIN_MESSAGES.cannotChangeOwnRole);
    if (before.role === 'admin') {
      // "Administrator only shown for existing admins": choosing it keeps them as they are.
      if (role === 'admin') return before;
      throw forbidden(ADMIN_MESSAGES.cannotDemoteAdmin);
    }
    if (role === 'admin') throw forbidden(ADMIN_MESSAGES.cannotMakeAdmin);
    if (before.role === 'agent' && role !== 'agent' && (await hasListings(tx, before.id))) {
      throw conflict(
        'This agent still has listings. Delete them, or suspend the account to take them off the market.',
      );
    }
    const change = await roleChangeFor(tx, before, role, new Date());
    const diff = changedFields(current(before) as unknown as Record<string, unknown>, {
      ...change,
    });
    const after = await setUserRole(tx, before.id, change);
    // An agent the administrator approves this way publishes like any approved agent.
    const published = change.role === 'agent' ? await publishAgentDrafts(tx, before.id) : null;
    if (published) afterCommit = published.afterCommit;
    if (Object.keys(diff.after).length > 0) {
      await recordAuditEntry(tx, {
        actor: admin,
        action: 'change_role',
        target: before,
        before: diff.before,
        after: {
          ...diff.after,
          roleOption: role,
          ...(published?.listingIds.length ? { publishedListingIds: published.listingIds } : {}),
        },
      });
    }
    return after ?? before;
  });
  afterCommit();
  deps.log.info({ adminId: admin.id, userId, role }, 'user role changed');
  return { message: ADMIN_MESSAGES.roleChanged, user: toAdminUser(updated) };
}
