import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { recordLedgerIntent } from '@/domains/payments/server/ledger';
import { REMINDER_BEFORE_MS } from '../offers.constants';
import { deadlineReminderMail, offerExpiredMail, sendOfferMail } from './offer-emails';
import { holdLedgerEntry, releaseHold } from './offer-hold';
import { loadOfferRecord } from './offer-record';
import { offers } from './offers.tables';

const BATCH = 100;

/**
 * A day before an offer's response deadline, its agent and producer are reminded once.
 * Each offer is claimed with FOR UPDATE SKIP LOCKED and stamped reminderSentAt in the same
 * statement, so several app instances running this job never send a reminder twice.
 */
export async function remindOfferDeadlines(
  app: FastifyInstance,
  now = new Date(),
): Promise<number> {
  const due = app.db
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
  const claimed = await app.db
    .update(offers)
    .set({ reminderSentAt: now })
    .where(and(inArray(offers.id, due), isNull(offers.reminderSentAt)))
    .returning({ id: offers.id });
  for (const { id } of claimed) {
    const record = await loadOfferRecord(app.db, id);
    if (!record) continue;
    const { publicUrl } = app.config;
    await sendOfferMail(app, record.agent?.email, deadlineReminderMail(record, publicUrl, 'agent'));
    await sendOfferMail(
      app,
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
export async function expireOfferDeadlines(
  app: FastifyInstance,
  now = new Date(),
): Promise<number> {
  const expired = await app.db.transaction(async (tx) => {
    const due = tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.status, 'pending'), lte(offers.responseDeadline, now)))
      .orderBy(asc(offers.responseDeadline))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(offers)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(offers.id, due), eq(offers.status, 'pending')))
      .returning();
    for (const row of rows) {
      if (row.providerPaymentId) {
        await recordLedgerIntent(tx, app.payments.name, holdLedgerEntry(row, 'release'));
      }
    }
    return rows;
  });
  for (const row of expired) {
    await releaseHold(app, row);
    const record = await loadOfferRecord(app.db, row.id);
    if (record) {
      await sendOfferMail(
        app,
        record.producer.email,
        offerExpiredMail(record, app.config.publicUrl),
      );
    }
  }
  return expired.length;
}
