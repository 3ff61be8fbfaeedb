import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionRow } from './find-current-subscription';
import { membershipEndedMail, type MembershipEndReason } from './membership-mails';
import { membershipSubscriptions } from './subscriptions.tables';

/** The membership ends: the subscription is canceled and the member is back on free. */
export async function endMembership(
  app: FastifyInstance,
  subscription: SubscriptionRow,
  reason: MembershipEndReason,
): Promise<void> {
  const mail = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, subscription.userId))
      .for('update');
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
    await tx
      .update(users)
      .set({ membershipTier: 'free', premiumExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, subscription.userId));
    return {
      to: user.email,
      ...membershipEndedMail({
        publicUrl: app.config.publicUrl,
        firstName: user.firstName,
        reason,
      }),
    };
  });
  if (mail) await app.mailer.send(mail);
}
