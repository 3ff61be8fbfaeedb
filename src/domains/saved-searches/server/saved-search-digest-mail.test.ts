import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/mail/mail.tables';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../tests/helpers/smtp-catcher';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { savedSearches, savedSearchMatches } from './saved-searches.tables';
import { sendSavedSearchDigests } from './send-saved-search-digests';
import { hashToken, unsubscribeToken } from './unsubscribe-token';

let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A saved search with two unsent matches, as the matching job leaves it. */
async function searchWithMatches(frequency: 'immediate' | 'daily') {
  const owner = await createUser(t.db);
  const [search] = await t.db
    .insert(savedSearches)
    .values({
      userId: owner.id,
      name: 'Lighthouse thrillers',
      query: { search: 'lighthouse' },
      frequency,
      unsubscribeTokenHash: `pending-${owner.id}`,
    })
    .returning();
  await t.db
    .update(savedSearches)
    .set({ unsubscribeTokenHash: hashToken(unsubscribeToken(t.config.sessionSecret, search.id)) })
    .where(eq(savedSearches.id, search.id));
  for (const title of ['The Lighthouse Keeper', 'Lighthouse at Dusk']) {
    const listing = await insertListing(t.db, { title });
    await t.db
      .insert(savedSearchMatches)
      .values({ savedSearchId: search.id, listingId: listing.id });
  }
  return { owner, search };
}

describe('[SAVED SEARCHES] digests through the mail queue', () => {
  it('sends one digest when two instances send at the same moment', async () => {
    for (const frequency of ['immediate', 'daily'] as const) {
      const { owner } = await searchWithMatches(frequency);
      const sent = await Promise.all([
        sendSavedSearchDigests(t.app),
        sendSavedSearchDigests(t.app),
        sendSavedSearchDigests(t.app),
      ]);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
      const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('sent');
      expect(rows[0].text).toContain('The Lighthouse Keeper');
      expect(rows[0].text).toContain('Lighthouse at Dusk');
      expect(smtp.received.filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
    }
  });

  it('carries a List-Unsubscribe header whose one-click POST stops the alerts', async () => {
    const { owner, search } = await searchWithMatches('daily');
    expect(await sendSavedSearchDigests(t.app)).toBe(1);
    const [mail] = smtp.received.filter((caught) => caught.to.includes(owner.email));
    // Header lines may be folded; unfold before reading them.
    const headers = mail.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>$/im.exec(headers)?.[1];
    expect(link).toBe(
      `${t.config.publicUrl}/api/saved-searches/unsubscribe?token=${unsubscribeToken(t.config.sessionSecret, search.id)}`,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);

    // A mail reader's one-click unsubscribe: a POST with no cookie and no Origin.
    const url = new URL(link ?? '');
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json().message).toBe(
      'You will no longer receive alerts for this saved search',
    );
    const [after] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(after.frequency).toBe('off');
  });
});
