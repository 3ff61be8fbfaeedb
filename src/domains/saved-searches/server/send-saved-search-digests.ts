import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { MailMessage } from '@/server/mail/mailer';
import type { AppDeps } from '@/server/deps';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { paths } from '@/shared/paths';
import { savedSearches, savedSearchMatches } from './saved-searches.tables';
import { unsubscribeToken } from './unsubscribe-token';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS: Record<string, number> = { immediate: 0, daily: DAY_MS, weekly: 7 * DAY_MS };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Thrown inside a claim's transaction to undo it: nothing of this search is left to send. */
class NothingToSend extends Error {}

interface DueSearch {
  search: typeof savedSearches.$inferSelect;
  email: string;
  firstName: string;
}

/**
 * Emails each saved search's unsent matches when its period has passed (immediate: at once;
 * daily; weekly), with a one-click unsubscribe link and a List-Unsubscribe header.
 * Safe with several instances: each digest is claimed before it is written (the search's
 * `last_digest_at` moved by a conditional update, its matches marked by one that skips those
 * another sender has marked), and its mail is put in the outbox in the same transaction, so
 * one digest is one mail however many instances send at once.
 */
export async function sendSavedSearchDigests(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  now: Date = new Date(),
): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({
      search: savedSearches,
      email: users.email,
      firstName: users.firstName,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        ne(savedSearches.frequency, 'off'),
        sql`exists (select 1 from ${savedSearchMatches} m
          where m.saved_search_id = ${savedSearches.id} and m.emailed_at is null)`,
      ),
    );
  let sent = 0;
  for (const candidate of due) {
    const period = PERIOD_MS[candidate.search.frequency] ?? DAY_MS;
    const { lastDigestAt } = candidate.search;
    if (lastDigestAt && now.getTime() - lastDigestAt.getTime() < period) continue;
    const mailId = await claimDigest(deps, candidate, now, period);
    if (mailId === null) continue;
    await deps.mailer.deliver(mailId);
    sent += 1;
  }
  return sent;
}

/** Claims one search's digest and queues its mail; null when another sender has it. */
async function claimDigest(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  { search, email, firstName }: DueSearch,
  now: Date,
  period: number,
): Promise<number | null> {
  const { config, mailer } = deps;
  try {
    return await deps.db.transaction(async (tx) => {
      const [won] = await tx
        .update(savedSearches)
        .set({ lastDigestAt: now })
        .where(
          and(
            eq(savedSearches.id, search.id),
            ne(savedSearches.frequency, 'off'),
            or(
              isNull(savedSearches.lastDigestAt),
              lte(savedSearches.lastDigestAt, new Date(now.getTime() - period)),
            ),
          ),
        )
        .returning({ id: savedSearches.id });
      if (!won) throw new NothingToSend();
      const claimed = await tx
        .update(savedSearchMatches)
        .set({ emailedAt: now })
        .where(
          and(
            eq(savedSearchMatches.savedSearchId, search.id),
            isNull(savedSearchMatches.emailedAt),
            inArray(
              savedSearchMatches.listingId,
              tx
                .select({ id: listings.id })
                .from(savedSearchMatches)
                .innerJoin(listings, eq(listings.id, savedSearchMatches.listingId))
                .where(
                  and(
                    eq(savedSearchMatches.savedSearchId, search.id),
                    isNull(savedSearchMatches.emailedAt),
                    // Matched while public, since taken off the market (a suspension): not announced.
                    listingOnMarket(),
                  ),
                )
                .orderBy(asc(savedSearchMatches.matchedAt))
                .limit(50),
            ),
          ),
        )
        .returning({ listingId: savedSearchMatches.listingId });
      if (claimed.length === 0) throw new NothingToSend();
      const matches = await tx
        .select({ id: listings.id, title: listings.title, author: listings.author })
        .from(listings)
        .where(
          inArray(
            listings.id,
            claimed.map((row) => row.listingId),
          ),
        )
        .orderBy(asc(listings.id));
      return mailer.enqueue(tx, digestMail(config, { search, email, firstName }, matches));
    });
  } catch (error) {
    if (error instanceof NothingToSend) return null;
    throw error;
  }
}

function digestMail(
  config: AppDeps['config'],
  { search, email, firstName }: DueSearch,
  matches: { id: number; title: string; author: string }[],
): MailMessage {
  const unsubscribe = `${config.publicUrl}/api/saved-searches/unsubscribe?token=${unsubscribeToken(config.sessionSecret, search.id)}`;
  const lines = matches.map(
    (match) => `${match.title} by ${match.author}: ${config.publicUrl}${paths.listing(match.id)}`,
  );
  return {
    to: email,
    subject: `${matches.length} new ${matches.length === 1 ? 'title matches' : 'titles match'} “${search.name}”`,
    text: `Hello ${firstName},\n\nNew on PageToScreen for your saved search “${search.name}”:\n\n${lines.join('\n')}\n\nStop these alerts: ${unsubscribe}\n`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>New on PageToScreen for your saved search “${escapeHtml(search.name)}”:</p><ul>${matches
      .map(
        (match) =>
          `<li><a href="${config.publicUrl}${paths.listing(match.id)}">${escapeHtml(match.title)}</a> by ${escapeHtml(match.author)}</li>`,
      )
      .join('')}</ul><p><a href="${unsubscribe}">Unsubscribe from these alerts</a></p>`,
    // RFC 2369 and RFC 8058: mail readers offer their own unsubscribe button, one POST.
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
