import { inflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Locator, Page } from '@playwright/test';
import { test, expect, demoAccounts } from './helpers/journey';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { expectOk, placeOfferThroughApi } from './helpers/offers';

/** A listing the demo agent creates through the API for this journey alone. */
const listingForm = (title: string) => ({
  title,
  author: 'Idris Penhallow',
  contentType: 'book',
  category: 'Fiction',
  synopsis:
    'A lighthouse keeper’s daughter inherits a logbook that names every ship her father let founder.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK', 'Ireland'],
  exclusivity: 'exclusive',
  askingPrice: 60000,
  minimumDeal: 30000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['inheritance'],
  keywords: ['lighthouse'],
});

/** The agent's note with the counter: a message, which must never become a clause. */
const NOTE =
  'Happy at 18 months if the fee moves to £50k; purchase price at 1.5% of budget, floor £450k.';

/** Every Flate stream of a PDF, inflated and joined (pdf-lib compresses page contents). */
function inflatedStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) continue;
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not Flate (or not a stream at all): nothing to read.
    }
  }
  return parts.join('\n');
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('[DEALS] a question, an offer, the agent counters with a note, the producer accepts the counter (no second agent step), both sign, and the contract states the agreed rights', async ({
  page,
  login,
  browser,
  baseURL,
  takeScreenshot,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const title = `The Keeper’s Logbook ${Date.now().toString(36)}`;

  // The agent (in a browser context of their own) lists a title for this journey.
  const agentContext = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const agentPage = await agentContext.newPage();
  await login(agentPage, demoAccounts.agent);
  const listing = (await expectOk(
    await agentPage.request.post('/api/listings', {
      data: listingForm(title),
      headers: { origin },
    }),
    'the agent lists a title',
  )) as { id: number };

  // 1. The premium producer asks a question on the listing; the agent answers in the inbox.
  await login(page, demoAccounts.premium);
  await page.goto(`/listings/${listing.id}`);
  const question = 'Would the estate consider a 24-month option with a purchase price at £400,000?';
  await page.getByLabel('Your question before making an offer').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(question, { exact: true })).toBeVisible();
  await takeScreenshot('01-question');

  await agentPage.goto('/inbox');
  const thread = agentPage.getByRole('article', { name: `Conversation about ${title}` });
  await thread.getByRole('button', { name: 'Open' }).click();
  await expect(thread.getByText(question, { exact: true })).toBeVisible();
  const answer = 'Yes, the estate would consider 24 months; make your offer and we will talk.';
  await thread.getByLabel('Your answer').fill(answer);
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText(answer, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByText(answer, { exact: true })).toBeVisible();

  // 2. The producer offers £40,000 with a card hold.
  const offer = await placeOfferThroughApi(page.request, origin, listing.id, '40000');
  expect(offer.listingId).toBe(listing.id);

  // 3. The agent counters at £50,000 over 18 months, 1.5% of budget with a £450,000 floor, and
  // a note. The dialog starts from the terms as they stand and offers only the listing's rights.
  await agentPage.goto('/agent-dashboard?tab=submissions');
  const agentCard = agentPage.getByRole('article').filter({ hasText: title });
  await expect(agentCard.getByText('£40,000', { exact: true })).toBeVisible();
  await agentCard.getByRole('button', { name: 'Counter' }).click();
  const counter = agentPage.getByRole('dialog', { name: `Counter: ${title}` });
  // The part is picked from the listing's grid (issue 29): one box per medium in a territory.
  for (const cell of ['Film in UK', 'Film in Ireland', 'TV in UK', 'TV in Ireland']) {
    await expect(counter.getByRole('checkbox', { name: cell })).toBeChecked();
  }
  await expect(counter.getByRole('checkbox')).toHaveCount(4);
  await expect(counter.getByRole('checkbox', { name: 'Stage' })).toHaveCount(0);
  await counter.getByLabel('Option fee (£)').fill('50000');
  await counter.getByLabel('Option period').selectOption('18');
  await counter.getByLabel('Purchase price on exercise').selectOption('percent');
  await counter.getByLabel('Percentage of the budget (%)').fill('1.5');
  await counter.getByLabel('Floor (£)').fill('450000');
  await counter.getByLabel('Message to the other side').fill(NOTE);
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(agentPage.getByText('Counter-offer sent', { exact: true })).toBeVisible();
  await expect(
    agentCard.getByText('Waiting for the producer to answer your counter.'),
  ).toBeVisible();
  // The agent's card reads the counter's fee, and what the card still holds.
  await expect(agentCard.getByText('£50,000', { exact: true })).toBeVisible();
  await expect(agentCard.getByText('Held on the card: £40,000.00')).toBeVisible();

  // 4. The producer accepts the counter and authorises a hold for £50,000: that completes the
  // deal, with no second step for the agent.
  await page.goto('/my-submissions');
  const producerCard = page.getByRole('article', { name: title });
  await expect(producerCard.getByText(/The agent countered with the terms above/)).toBeVisible();
  await expect(producerCard.getByText('Media', { exact: true })).toBeVisible();
  await expect(producerCard.getByText('Film, TV')).toBeVisible();
  await expect(producerCard.getByText('UK, Ireland')).toBeVisible();
  await producerCard.getByRole('button', { name: 'Term sheet history' }).click();
  const versions = producerCard.getByRole('list', { name: 'Term sheet versions' });
  await expect(versions.getByText(/v2 · Counter-offer by the agent/)).toBeVisible();
  await takeScreenshot('02-countered');
  await producerCard.getByRole('button', { name: 'Accept Counter' }).click();
  const authorise = page.getByRole('button', { name: 'Authorise £50,000' });
  await expect(authorise).toBeVisible();
  await fillCard(page);
  await authorise.click();
  await expect(page).toHaveURL(/\/my-submissions$/);
  await expect(producerCard.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(producerCard.getByText('£50,000', { exact: true })).toBeVisible();
  await expect(producerCard.getByText('18 months').first()).toBeVisible();

  // 5. The agent sees the deal accepted, with nothing to accept: the card was charged £50,000.
  await agentPage.goto('/agent-dashboard?tab=submissions');
  await expect(agentCard.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(agentCard.getByText('£50,000', { exact: true })).toBeVisible();
  await expect(agentCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(agentCard.getByRole('link', { name: 'View Contract' })).toBeVisible();

  // 6. Both sign the agreement on their side (click-to-sign: typed name and consent).
  const signOn = async (where: Page, card: Locator, fullName: string) => {
    await card.getByRole('button', { name: 'Sign Agreement' }).click();
    const dialog = where.getByRole('dialog', { name: 'Sign the option agreement' });
    await dialog.getByLabel('Your full name').fill(fullName);
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('agree to sign electronically');
    await dialog.getByRole('checkbox', { name: /I agree to sign/ }).check();
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(where.getByText('Agreement signed', { exact: true })).toBeVisible();
    await expect(card.getByText(/^You signed on /)).toBeVisible();
  };
  await page.goto('/my-submissions');
  await signOn(page, producerCard, 'Demo Premium');
  await signOn(agentPage, agentCard, 'Demo Agent');
  const signed = (await expectOk(
    await page.request.get(`/api/offers/${offer.id}/terms`),
    'the term sheet',
  )) as {
    agreement: {
      sha256: string;
      producerSignedAt: string | null;
      agentSignedAt: string | null;
      signedSha256: string | null;
    };
  };
  const bothSigned = signed.agreement;
  expect(bothSigned.producerSignedAt).not.toBeNull();
  expect(bothSigned.agentSignedAt).not.toBeNull();
  expect(bothSigned.sha256).toMatch(/^[0-9a-f]{64}$/);
  // The second signature sealed it: the final PDF with its audit trail and digital signature.
  expect(bothSigned.signedSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(bothSigned.signedSha256).not.toBe(bothSigned.sha256);

  // 7. 'View Contract' opens the signed PDF, for both sides.
  await page.goto('/my-submissions');
  await expect(producerCard.getByText('Accepted', { exact: true })).toBeVisible();
  const contract = producerCard.getByRole('link', { name: 'View Contract' });
  await expect(contract).toHaveAttribute('href', `/api/offers/${offer.id}/agreement`);
  // The offer's timeline, on both sides: every step with its amount.
  await producerCard.getByRole('button', { name: 'Term sheet history' }).click();
  const timeline = producerCard.getByRole('list', { name: 'Offer timeline' });
  for (const line of [
    'Offer made by the producer · £40,000',
    'Card hold authorised by the producer · £40,000',
    'Counter-offer by the agent · £50,000',
    'Counter accepted by the producer · £50,000',
    'New card hold authorised by the producer · £50,000',
    'Offer accepted by the producer · £50,000',
    'Card charged · £50,000',
    'Agreement signed by the producer',
    'Agreement signed by the agent',
  ]) {
    await expect(timeline).toContainText(line);
  }
  await takeScreenshot('03-accepted');
  await agentPage.goto('/agent-dashboard?tab=submissions');
  await agentCard.getByRole('button', { name: 'Term sheet history' }).click();
  await expect(agentCard.getByRole('list', { name: 'Offer timeline' })).toContainText(
    'Card charged · £50,000',
  );
  const pdf = await page.request.get(`/api/offers/${offer.id}/agreement`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.headers()['x-content-sha256']).toBe(bothSigned.signedSha256);
  // A PAdES signature over the whole file but its /Contents, and the audit-trail page (its
  // text is drawn as hex strings: "AUDIT TRAIL" and the issued agreement's SHA-256).
  const pdfText = bytes.toString('latin1');
  expect(pdfText).toMatch(/\/ByteRange \[0 \d+ \d+ \d+ *\]/);
  expect(pdfText).toContain('/SubFilter /adbe.pkcs7.detached');
  const drawn = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
  const pages = pdfText.match(/\/Type \/Page\b/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(2);
  const inflated = inflatedStreams(bytes);
  expect(inflated).toContain(`<${drawn('AUDIT TRAIL')}>`);
  expect(inflated).toContain(drawn(bothSigned.sha256));
  expect(inflated).toContain(drawn('Typed full name: Demo Premium'));
  expect(inflated).toContain(drawn('Typed full name: Demo Agent'));
  // What the sealed agreement says: the agreed version's terms, never the note.
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const said = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
  for (const term of [
    'Media Film, TV',
    'Territories UK, Ireland',
    'Option fee £50,000.00',
    'Option period 18 months',
    'Purchase price 1.5% of the production budget (floor £450,000.00)',
  ]) {
    expect(said).toContain(term);
  }
  expect(said).not.toContain('Happy at 18 months');
  expect(said).not.toContain('Worldwide');
  const agentPdf = await agentPage.request.get(`/api/offers/${offer.id}/agreement`);
  expect((await agentPdf.body()).equals(bytes)).toBe(true);

  // 8. Anyone (signed out) verifies the contract at /verify-agreement; a copy with one byte
  // changed is not ours.
  await page.request.post('/api/auth/logout', { headers: { origin } });
  await page.goto('/verify-agreement');
  await expect(page.getByRole('heading', { name: 'Verify an agreement', level: 1 })).toBeVisible();
  await page.getByLabel('Agreement PDF').setInputFiles({
    name: 'option-agreement.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await page.getByRole('button', { name: 'Verify' }).click();
  const verdict = page.getByRole('status').filter({ hasText: 'SHA-256' });
  await expect(
    verdict.getByText('Genuine: the signed agreement, issued by PageToScreen'),
  ).toBeVisible();
  await expect(verdict).toContainText(title);
  await expect(verdict).toContainText(`#${offer.id}`);
  await expect(verdict).toContainText(bothSigned.signedSha256 ?? 'no signed hash');
  await expect(verdict.getByText(/^Digital signature valid/)).toBeVisible();
  const checks = verdict.getByRole('list', { name: 'Signature checks' });
  await expect(checks.getByRole('listitem')).toHaveCount(4);
  await expect(checks).not.toContainText('failed');
  await takeScreenshot('04-verified');
  await expectNoSeriousAxeViolations(page, 'the agreement verification page');
  const changed = Buffer.from(bytes);
  changed[Math.floor(changed.length / 2)] ^= 0x01;
  await page.getByLabel('Agreement PDF').setInputFiles({
    name: 'option-agreement-changed.pdf',
    mimeType: 'application/pdf',
    buffer: changed,
  });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict.getByText('Not issued by PageToScreen (or changed since)')).toBeVisible();
  await expect(verdict).not.toContainText(title);
  // Wherever the byte falls (the signed ranges, the signature or its certificate), the
  // embedded signature no longer checks.
  await expect(verdict.getByText('Digital signature not valid')).toBeVisible();
  await expect(checks).toContainText(': failed');
  await takeScreenshot('05-changed');

  await agentContext.close();
});
