import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { recordLedgerIntent } from '@/domains/payments/server';
import { REMINDER_BEFORE_MS } from '../offers.constants';
import type { OfferDeps } from './offer-deps';
import { announceDealEvent } from './announce-deal-event';
import { deadlineReminderMail, sendOfferMail } from './offer-emails';
import {
  holdLedgerEntry,
  previousHoldReleaseEntry,
  releaseHold,
  releasePreviousHold,
} from './offer-hold';
import { loadOfferRecord } from './offer-record';
import { offers } from './offers.tables';

const BATCH = 100;

/** An answer is awaited from one side or the other: the deadline applies (decision 016). */
const EXPIRING_STATUSES = ['pending', 'countered', 'reauthorising'] as const;

/**
 * A day before an offer's response deadline, its agent and producer are reminded once.
 * Each offer is claimed with FOR UPDATE SKIP LOCKED and stamped reminderSentAt in the same
 * statement, so several app instances running this job never send a reminder twice.
 */
export async function remindOfferDeadlines(deps: OfferDeps, now = new Date()): Promise<number> {
  const due = deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.status, 'pending'),
        isNull(offers.reminderSentAt),
        gt(offers.responseDeadline, now),
        lte(offers.responseDeadline, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    )
    .orderBy(asc(offers.responseDeadline))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(offers)
    .set({ reminderSentAt: now })
    .where(and(inArray(offers.id, due), isNull(offers.reminderSentAt)))
    .returning({ id: offers.id });
  for (const { id } of claimed) {
    const record = await loadOfferRecord(deps.db, id);
    if (!record) continue;
    const { publicUrl } = deps.config;
    await sendOfferMail(
      deps,
      record.agent?.email,
      deadlineReminderMail(record, publicUrl, 'agent'),
    );
    await sendOfferMail(
      deps,
      record.producer.email,
      deadlineReminderMail(record, publicUrl, 'producer'),
    );
  }
  return claimed.length;
}

/**
 * At the deadline the hold is released and the offer expires (its producer can renew it).
 * Claimed with FOR UPDATE SKIP LOCKED; the new status and the release's ledger row commit
 * together, so a crash before the release is finished by reconciliation.
 */
export async function expireOfferDeadlines(deps: OfferDeps, now = new Date()): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(inArray(offers.status, [...EXPIRING_STATUSES]), lte(offers.responseDeadline, now)))
      .orderBy(asc(offers.responseDeadline))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(offers)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(offers.id, due), inArray(offers.status, [...EXPIRING_STATUSES])))
      .returning();
    for (const row of rows) {
      if (row.providerPaymentId) {
        await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'release'));
      }
      const previous = previousHoldReleaseEntry(row);
      if (previous) await recordLedgerIntent(tx, deps.payments.name, previous);
    }
    return rows;
  });
  for (const row of expired) {
    await releaseHold(deps, row);
    await releasePreviousHold(deps, row);
    const record = await loadOfferRecord(deps.db, row.id);
    if (record) await announceDealEvent(deps, 'hold_released', record);
  }
  return expired.length;
}
