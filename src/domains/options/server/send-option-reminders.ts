import { and, eq, gt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import { rightsGrants } from '@/domains/rights/server/rights.tables';
import type { AppDeps } from '@/server/deps';
import { render } from '@/server/mail/templates';
import { paths } from '@/shared/paths';
import { DAY_MS, REMINDER_THRESHOLDS_DAYS } from '../options.constants';
import { optionReminders, options } from './options.tables';
import { daysLeftOf, ukDate } from './option-view';

export type ReminderDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>;

const producers = alias(users, 'producers');
const agents = alias(users, 'agents');

/** The threshold an option with this many days left is reminded at: the tightest reached. */
export function thresholdFor(daysLeft: number): number | null {
  const reached = REMINDER_THRESHOLDS_DAYS.filter((days) => daysLeft <= days);
  return reached.length > 0 ? Math.min(...reached) : null;
}

/**
 * Reminders (issue 34): both parties of a running option get a bell and an email at 90, 30 and
 * 7 days before its end. Each is claimed by inserting its row (unique per option, threshold and
 * end date) in the transaction that writes the bell and queues the mails, so two instances, a
 * retry or a restart never send one twice. Only the tightest threshold reached is sent: an
 * option that starts with 20 days left gets the 30-day reminder, not the 90-day one as well.
 * An extension moves the end, which arms the thresholds again. Answers how many were sent.
 */
export async function sendOptionReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + Math.max(...REMINDER_THRESHOLDS_DAYS) * DAY_MS);
  const due = await deps.db
    .select({
      option: options,
      listingTitle: listings.title,
      producer: { id: producers.id, email: producers.email, firstName: producers.firstName },
      agent: { id: agents.id, email: agents.email, firstName: agents.firstName },
    })
    .from(options)
    .innerJoin(rightsGrants, eq(rightsGrants.id, options.grantId))
    .innerJoin(listings, eq(listings.id, options.listingId))
    .leftJoin(producers, eq(producers.id, options.producerId))
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(
      and(
        eq(rightsGrants.status, 'optioned'),
        gt(options.endsAt, now),
        lte(options.endsAt, horizon),
      ),
    )
    .limit(500);
  let sent = 0;
  for (const row of due) {
    const daysLeft = daysLeftOf(row.option.endsAt, now);
    const threshold = thresholdFor(daysLeft);
    if (threshold === null) continue;
    const mailIds = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(optionReminders)
        .values({ optionId: row.option.id, thresholdDays: threshold, endsAt: row.option.endsAt })
        .onConflictDoNothing()
        .returning({ id: optionReminders.id });
      if (!claimed) return null;
      const parties = [row.producer, row.agent].filter(
        (party): party is NonNullable<typeof party> => party !== null && party.id !== null,
      );
      const title = `Your option on "${row.listingTitle}" ends in ${daysLeft} days (${ukDate(row.option.endsAt)})`;
      const url = paths.dealTimeline(row.option.offerId);
      await notify(
        tx,
        parties.map((party) => ({ userId: party.id, kind: 'option_reminder', title, url })),
      );
      const ids: number[] = [];
      for (const party of parties) {
        const content = render({
          subject: `Option ending in ${daysLeft} days: ${row.listingTitle}`,
          greetingName: party.firstName ?? 'there',
          paragraphs: [
            `The option on "${row.listingTitle}" ends on ${ukDate(row.option.endsAt)}, in ${daysLeft} days.`,
            'Before then the producer may extend it (where the agreed terms allow) or exercise it by paying the purchase price. If neither happens, the rights revert to the owner.',
          ],
          action: { label: 'See the option', url: `${deps.config.publicUrl}${url}` },
          publicUrl: deps.config.publicUrl,
        });
        ids.push(await deps.mailer.enqueue(tx, { ...content, to: party.email }));
      }
      return ids;
    });
    if (!mailIds) continue;
    sent += 1;
    for (const id of mailIds) await deps.mailer.deliver(id);
  }
  return sent;
}
