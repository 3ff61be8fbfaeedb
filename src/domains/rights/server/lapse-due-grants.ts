import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { chainOfTitleDocuments } from '@/domains/chain-of-title/server/chain-of-title.tables';
import type { AppDeps } from '@/server/deps';
import type { Transaction } from '@/server/db/client';
import { refreshListingRights } from './refresh-listing-rights';
import {
  announceReversion,
  fileReversionRecord,
  REVERSION_SOURCE_PREFIX,
  type ReversionNotice,
} from './announce-reversion';
import { rightsGrantCells, rightsGrants } from './rights.tables';

export type ReversionDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'storage' | 'log'>;

/** At most this many grants lapse in one run; the next run (a minute later) takes the rest. */
const BATCH = 200;
/** How long a lapse's missing chain-of-title record is retried. */
const RECORD_RETRY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Reversion (issue 29): every optioned grant whose end has passed by `now` lapses, its cells
 * return to available and its listing's status follows; the listing's agent and the producer
 * are told (bell and email) and the chain of title records it. Each grant in its own
 * transaction, claimed by its status (optioned → lapsed), so two instances (or two runs)
 * never lapse one twice: the bell and the emails are written in the claim's transaction and
 * so exist exactly once. Answers the grants this call lapsed.
 */
export async function lapseDueGrants(deps: ReversionDeps, now: Date): Promise<number[]> {
  const due = await deps.db
    .select({ id: rightsGrants.id })
    .from(rightsGrants)
    .where(and(eq(rightsGrants.status, 'optioned'), lte(rightsGrants.endsAt, now)))
    .orderBy(rightsGrants.endsAt)
    .limit(BATCH);
  const lapsed: number[] = [];
  for (const { id } of due) {
    const outcome = await deps.db.transaction((tx) => lapseGrant(deps, tx, id, now));
    if (!outcome) continue;
    lapsed.push(id);
    outcome.afterCommit();
    await afterReversion(deps, outcome.notice);
  }
  return lapsed;
}

async function lapseGrant(deps: ReversionDeps, tx: Transaction, id: number, now: Date) {
  const [grant] = await tx
    .update(rightsGrants)
    .set({ status: 'lapsed', lapsedAt: now, updatedAt: now })
    // Still optioned and still due: an extension or an exercise since the scan wins.
    .where(
      and(
        eq(rightsGrants.id, id),
        eq(rightsGrants.status, 'optioned'),
        lte(rightsGrants.endsAt, now),
      ),
    )
    .returning();
  // Another instance got there first, or the option was extended or exercised meanwhile.
  if (!grant) return null;
  await tx
    .update(rightsGrantCells)
    .set({ live: false })
    .where(inArray(rightsGrantCells.grantId, [grant.id]));
  const afterCommit = await refreshListingRights(tx, grant.listingId);
  const notice = await announceReversion(deps, tx, grant);
  return { afterCommit, notice };
}

/**
 * After the commit: the queued emails go now (the mail:outbox job retries a failure), and the
 * chain of title files its record (once per grant by its source key; a failure here is
 * filed by a later run: `fileMissingReversionRecords`).
 */
async function afterReversion(deps: ReversionDeps, notice: ReversionNotice) {
  for (const mailId of notice.mailIds) await deps.mailer.deliver(mailId);
  await fileRecordOrWarn(deps, notice.grantId);
}

async function fileRecordOrWarn(deps: ReversionDeps, grantId: number) {
  try {
    await fileReversionRecord(deps, grantId);
  } catch (error) {
    deps.log.warn({ err: error, grantId }, 'reversion record not filed yet');
  }
}

/**
 * Lapsed grants whose chain-of-title record is missing (the process stopped between the
 * lapse's commit and the filing, or the filing failed) get it now: the job runs this after
 * each reversion. Answers how many it filed.
 */
export async function fileMissingReversionRecords(deps: ReversionDeps, now: Date): Promise<number> {
  const missing = await deps.db
    .select({ id: rightsGrants.id })
    .from(rightsGrants)
    .where(
      and(
        eq(rightsGrants.status, 'lapsed'),
        // A bounded look back: a record that still fails after a month of warnings needs a person.
        gte(rightsGrants.lapsedAt, new Date(now.getTime() - RECORD_RETRY_WINDOW_MS)),
        sql`not exists (select 1 from ${chainOfTitleDocuments} d
                        where d.source_key = ${REVERSION_SOURCE_PREFIX} || ${rightsGrants.id})`,
      ),
    )
    .orderBy(asc(rightsGrants.lapsedAt))
    .limit(20);
  for (const { id } of missing) await fileRecordOrWarn(deps, id);
  return missing.length;
}
