import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { getUserForUpdate, updatePremiumState } from '@/domains/accounts/server';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionRow } from './find-current-subscription';
import { membershipEndedMail, type MembershipEndReason } from './membership-mails';
import { membershipSubscriptions } from './subscriptions.tables';

/** The membership ends: the subscription is canceled and the member is back on free. */
export async function endMembership(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  subscription: SubscriptionRow,
  reason: MembershipEndReason,
): Promise<void> {
  const mail = await deps.db.transaction(async (tx) => {
    const user = await getUserForUpdate(tx, subscription.userId);
    if (!user) return null;
    const ended = await tx
      .update(membershipSubscriptions)
      .set({ status: 'canceled', nextRenewalAttemptAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(membershipSubscriptions.id, subscription.id),
          inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ id: membershipSubscriptions.id });
    if (ended.length === 0) return null;
    await updatePremiumState(tx, subscription.userId, {
      membershipTier: 'free',
      premiumExpiresAt: null,
    });
    return {
      to: user.email,
      ...membershipEndedMail({
        publicUrl: deps.config.publicUrl,
        firstName: user.firstName,
        reason,
      }),
    };
  });
  if (mail) await deps.mailer.send(mail);
}
