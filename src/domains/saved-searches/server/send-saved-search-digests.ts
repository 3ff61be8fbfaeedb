import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
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

/**
 * Emails each saved search's unsent matches when its period has passed (immediate: at once;
 * daily; weekly), with a one-click unsubscribe link, then marks them sent.
 */
export async function sendSavedSearchDigests(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  now: Date = new Date(),
): Promise<number> {
  const { db, mailer, config } = deps;
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
  for (const { search, email, firstName } of due) {
    const period = PERIOD_MS[search.frequency] ?? DAY_MS;
    if (search.lastDigestAt && now.getTime() - search.lastDigestAt.getTime() < period) continue;
    const matches = await db
      .select({ id: listings.id, title: listings.title, author: listings.author })
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
      .limit(50);
    if (matches.length === 0) continue;
    const unsubscribe = `${config.publicUrl}/api/saved-searches/unsubscribe?token=${unsubscribeToken(config.sessionSecret, search.id)}`;
    const lines = matches.map(
      (match) => `${match.title} by ${match.author}: ${config.publicUrl}${paths.listing(match.id)}`,
    );
    await mailer.send({
      to: email,
      subject: `${matches.length} new ${matches.length === 1 ? 'title matches' : 'titles match'} “${search.name}”`,
      text: `Hello ${firstName},\n\nNew on PageToScreen for your saved search “${search.name}”:\n\n${lines.join('\n')}\n\nStop these alerts: ${unsubscribe}\n`,
      html: `<p>Hello ${escapeHtml(firstName)},</p><p>New on PageToScreen for your saved search “${escapeHtml(search.name)}”:</p><ul>${matches
        .map(
          (match) =>
            `<li><a href="${config.publicUrl}${paths.listing(match.id)}">${escapeHtml(match.title)}</a> by ${escapeHtml(match.author)}</li>`,
        )
        .join('')}</ul><p><a href="${unsubscribe}">Unsubscribe from these alerts</a></p>`,
    });
    await db
      .update(savedSearchMatches)
      .set({ emailedAt: now })
      .where(
        and(
          eq(savedSearchMatches.savedSearchId, search.id),
          inArray(
            savedSearchMatches.listingId,
            matches.map((match) => match.id),
          ),
        ),
      );
    await db
      .update(savedSearches)
      .set({ lastDigestAt: now })
      .where(eq(savedSearches.id, search.id));
    sent += 1;
  }
  return sent;
}
