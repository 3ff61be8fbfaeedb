import { and, eq, isNull } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import { extendGrant, markGrantSold, refreshListingRights } from '@/domains/rights/server';
import type { AppDeps } from '@/server/deps';
import { addMonths } from '@/shared/dates';
import { paths } from '@/shared/paths';
import { optionPayments, options, type OptionPaymentRow } from './options.tables';
import { ukDate } from './option-view';

/**
 * A paid extension or purchase takes effect (issue 34), once: in one transaction the payment
 * is stamped applied (claimed by `applied_at is null`, so the card handler, the webhook and
 * the reconciliation job may all call this), and the option's end moves with its grant
 * (extension) or its part becomes sold (exercise), and both parties get a bell. Answers the
 * payment row as applied, or null when it was applied before or the grant is no longer
 * optioned (it lapsed first: left for an admin, logged).
 */
export async function applyOptionPayment(
  deps: Pick<AppDeps, 'db' | 'log'>,
  paymentId: number,
  now: Date,
): Promise<OptionPaymentRow | null> {
  let afterCommit: (() => void) | null = null;
  const applied = await deps.db
    .transaction(async (tx) => {
      const [payment] = await tx
        .update(optionPayments)
        .set({ appliedAt: now })
        .where(and(eq(optionPayments.id, paymentId), isNull(optionPayments.appliedAt)))
        .returning();
      if (!payment) return null;
      const [option] = await tx
        .select()
        .from(options)
        .where(eq(options.id, payment.optionId))
        .for('update');
      const [listing] = await tx
        .select({ title: listings.title, agentId: listings.agentId })
        .from(listings)
        .where(eq(listings.id, option.listingId));
      let title: string;
      if (payment.action === 'extension') {
        const newEndsAt = addMonths(option.endsAt, option.extensionMonths);
        if (!(await extendGrant(tx, option.grantId, newEndsAt))) {
          tx.rollback();
        }
        await tx
          .update(options)
          .set({ endsAt: newEndsAt, extensionsTaken: option.extensionsTaken + 1 })
          .where(eq(options.id, option.id));
        const [stamped] = await tx
          .update(optionPayments)
          .set({ paidAt: payment.paidAt ?? now, previousEndsAt: option.endsAt, newEndsAt })
          .where(eq(optionPayments.id, payment.id))
          .returning();
        title = `The option on "${listing.title}" is extended until ${ukDate(newEndsAt)}`;
        await notifyParties(tx, option, listing.agentId, title);
        return stamped;
      }
      if (!(await markGrantSold(tx, option.grantId, now))) tx.rollback();
      afterCommit = await refreshListingRights(tx, option.listingId);
      await tx.update(options).set({ exercisedAt: now }).where(eq(options.id, option.id));
      const [stamped] = await tx
        .update(optionPayments)
        .set({ paidAt: payment.paidAt ?? now })
        .where(eq(optionPayments.id, payment.id))
        .returning();
      title = `The option on "${listing.title}" is exercised: the rights are sold`;
      await notifyParties(tx, option, listing.agentId, title);
      return stamped;
    })
    .catch((error: unknown) => {
      if (isRollback(error)) {
        deps.log.error({ paymentId }, 'option payment taken but its grant is no longer optioned');
        return null;
      }
      throw error;
    });
  (afterCommit as (() => void) | null)?.();
  return applied;
}

const isRollback = (error: unknown) =>
  error instanceof Error && error.constructor.name === 'TransactionRollbackError';

function notifyParties(
  tx: Parameters<typeof notify>[0],
  option: { producerId: number | null; offerId: number },
  agentId: number | null,
  title: string,
) {
  return notify(
    tx,
    [option.producerId, agentId]
      .filter((id): id is number => id !== null)
      .map((userId) => ({
        userId,
        kind: 'option_changed',
        title,
        url: paths.dealTimeline(option.offerId),
      })),
  );
}
