import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { expect, test, demoAccounts } from './helpers/journey';

/** A small one-page PDF, written by hand. */
const OPTION_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

interface AgentListing {
  id: number;
  title: string;
  createdAt: string;
}

/**
 * A listing of the demo agent from the demo catalogue (older than any journey's own: the
 * agent journey creates, renames and deletes listings of its own while this one runs).
 */
async function demoAgentListing(page: Page): Promise<AgentListing> {
  const me = await page.request.get('/api/auth/user');
  expect(me.ok(), await me.text()).toBe(true);
  const { id } = (await me.json()) as { id: number };
  const answer = await page.request.get(`/api/listings/agent/${id}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const listings = (await answer.json()) as AgentListing[];
  const old = listings
    .filter((listing) => Date.parse(listing.createdAt) < Date.now() - 30 * 60 * 1000)
    .sort((a, b) => a.id - b.id);
  expect(old.length, 'the demo agent has demo-catalogue listings').toBeGreaterThan(0);
  return old[0];
}

test('[ADMIN] the demo admin files an expired option agreement, sees the gap flagged, and the listing agent reads it', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const documentTitle = `Option to Harbour Films ${Date.now().toString(36)}`;
  const expiredMessage = `The option agreement "${documentTitle}" expired on 30 June 2022 and no option lapse or reversion is on file.`;

  await login(page, demoAccounts.agent);
  const listing = await demoAgentListing(page);

  await login(page, demoAccounts.admin);
  await page.goto('/admin/chain-of-title');
  await expect(page.getByRole('heading', { name: 'Chain of title', level: 1 })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search listings by title or author' })
    .fill(listing.title);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('list', { name: 'Listings' })
    .getByRole('button', { name: new RegExp(`#${listing.id}\\b`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`listingId=${listing.id}`));
  await expect(page.getByRole('heading', { name: listing.title, level: 2 })).toBeVisible();

  // Sending the form empty names every required field.
  const form = page.getByRole('form', { name: 'File a document' });
  await form.getByRole('button', { name: 'File document' }).click();
  await expect(form.getByText('Please choose the type of document')).toBeVisible();
  await expect(form.getByText('Please enter a title')).toBeVisible();
  await expect(form.getByText('Please choose a PDF to upload')).toBeVisible();

  await form.getByLabel('Document type').selectOption({ label: 'Option agreement' });
  await form.getByLabel('Title').fill(documentTitle);
  await form.getByLabel('Parties').fill('The author\nHarbour Films Ltd');
  await form.getByLabel('Effective date').fill('2021-01-01');
  await form.getByLabel('Expiry date').fill('2022-06-30');
  await form.getByLabel('Notes').fill('Eighteen-month option; no notice of exercise on file.');
  await form
    .getByLabel('PDF file')
    .setInputFiles({ name: 'harbour-option.pdf', mimeType: 'application/pdf', buffer: OPTION_PDF });
  await form.getByRole('button', { name: 'File document' }).click();

  // The expired option with nothing after it is flagged at the top, as an alert.
  const gaps = page.getByRole('alert').filter({ hasText: 'gap' });
  await expect(gaps).toContainText(expiredMessage);
  const timeline = page.getByRole('list', { name: 'Chain of title timeline' });
  const filed = timeline.getByRole('article', { name: documentTitle });
  await expect(filed).toContainText('Harbour Films Ltd');
  await expect(filed).toContainText('30 June 2022');
  await expect(
    filed.getByRole('link', { name: new RegExp(`Download ${documentTitle}`) }),
  ).toBeVisible();
  await takeScreenshot('01-gap-flagged');
  await expectNoSeriousAxeViolations(page, 'the chain-of-title admin page');

  // The listing's agent reads the chain on the listing page: the same gap, downloads, no delete.
  await login(page, demoAccounts.agent);
  await page.goto(`/listings/${listing.id}`);
  const panel = page.getByRole('region', { name: 'Chain of title' });
  await expect(panel.getByRole('alert')).toContainText(expiredMessage);
  const agentsCopy = panel.getByRole('article', { name: documentTitle });
  await expect(
    agentsCopy.getByRole('link', { name: new RegExp(`Download ${documentTitle}`) }),
  ).toBeVisible();
  await expect(agentsCopy.getByRole('button', { name: `Delete ${documentTitle}` })).toHaveCount(0);
  await takeScreenshot('02-agent-reads-chain');

  // Filed by mistake on a demo listing: the admin deletes it again, after confirming.
  await login(page, demoAccounts.admin);
  await page.goto(`/admin/chain-of-title?listingId=${listing.id}`);
  await timeline
    .getByRole('article', { name: documentTitle })
    .getByRole('button', { name: `Delete ${documentTitle}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
  await confirm.getByRole('button', { name: 'Delete document' }).click();
  await expect(confirm).toBeHidden();
  await expect(timeline.getByRole('article', { name: documentTitle })).toHaveCount(0);
});
