import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { getUserById, type UserRow } from '@/domains/accounts/server';
import type { RefundMembershipResponse } from '@/domains/membership/membership.schema';
import { refundMembershipPayment } from '@/domains/membership/server';
import { recordAuditEntry } from './record-audit-entry';

export interface RefundMembershipOptions {
  admin: UserRow;
  userId: number;
  /** The clock (injectable for tests). */
  now: Date;
}

/**
 * POST /api/admin/users/{userId}/refund-membership: the 14-day refund guarantee is claimed
 * by email and granted by an admin. The membership room does the refund; this is who may.
 */
export async function refundMembership(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'payments' | 'log'>,
  { admin, userId, now }: RefundMembershipOptions,
): Promise<RefundMembershipResponse> {
  if (admin.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins can refund memberships');
  const refund = await refundMembershipPayment(deps, { userId, now });
  // The refund commits in the membership room's transaction (with the provider's call); the
  // audit row follows it.
  const member = await getUserById(deps.db, userId);
  await recordAuditEntry(deps.db, {
    actor: admin,
    action: 'refund_membership',
    target: { id: userId, email: member?.email ?? '' },
    before: { membershipTier: 'premium' },
    after: {
      membershipTier: refund.membershipTier,
      refundedAmount: refund.refundedAmount,
      receiptNumber: refund.receiptNumber,
    },
  });
  deps.log.info(
    { adminId: admin.id, userId, receipt: refund.receiptNumber },
    'membership refunded',
  );
  return refund;
}
