import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { registerVerifiedProducer } from './helpers/accounts';
import { fetchListings } from './helpers/catalogue';
import { demoAccounts, expect, test } from './helpers/journey';
import { test as mailTest } from './helpers/mail-fixture';

/** A run-unique tag, so this journey finds its own comments among other journeys'. */
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * A listing from the demo catalogue (older than any journey's own listings, which other
 * journeys rename and delete while this one runs), picked from the end of the first page.
 */
async function demoCatalogueListing(page: Page): Promise<{ id: number; title: string }> {
  const { items } = await fetchListings(page, { limit: '24' });
  const old = items.filter((item) => Date.parse(item.createdAt) < Date.now() - 30 * 60 * 1000);
  expect(old.length, 'the demo catalogue has listings').toBeGreaterThan(2);
  return old[old.length - 2];
}

const threadOf = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Comment by James Whitaker' }).filter({ hasText: text });

test('[COMMENTS] a premium producer posts, replies, edits, likes and deletes comments on a listing', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const first = `Who could direct this? <b>not bold</b> See https://example.com/notes-${tag}.`;
  const reply = `Someone with a feel for the coast ${tag}`;

  await login(page, demoAccounts.premium);
  const listing = await demoCatalogueListing(page);
  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();

  // The box: blank text cannot be posted; the counter follows the text.
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const postButton = page.getByRole('button', { name: 'Post Comment' });
  await expect(postButton).toBeDisabled();
  await box.fill('   ');
  await expect(postButton).toBeDisabled();
  await box.fill(first);
  await expect(page.getByText(`${first.length}/1000 characters`)).toBeVisible();
  await postButton.click();
  await expect(page.getByText('Comment posted successfully')).toBeVisible();
  await expect(box).toHaveValue('');

  // Shown as written: the tags as text, the address as a safe link in a new tab.
  const thread = threadOf(page, `notes-${tag}`);
  await expect(thread).toBeVisible();
  await expect(thread.getByText('<b>not bold</b>', { exact: false })).toBeVisible();
  await expect(thread.locator('b')).toHaveCount(0);
  const link = thread.getByRole('link', { name: `https://example.com/notes-${tag}` });
  await expect(link).toHaveAttribute('href', `https://example.com/notes-${tag}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(thread.getByText('Producer', { exact: true }).first()).toBeVisible();

  // One reply box: Cancel closes it; posting clears and closes it.
  await thread.getByRole('button', { name: 'Reply to James Whitaker' }).click();
  const replyBox = page.getByRole('textbox', { name: 'Reply to James Whitaker' });
  await expect(replyBox).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(replyBox).toHaveCount(0);
  await thread.getByRole('button', { name: 'Reply to James Whitaker' }).click();
  await replyBox.fill(reply);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByText('Comment posted successfully').first()).toBeVisible();
  await expect(replyBox).toHaveCount(0);
  const replyArticle = threadOf(page, reply).filter({ hasNotText: `notes-${tag}` });
  await expect(replyArticle).toBeVisible();

  // Edit own: prefilled, Save, '(edited)'.
  await replyArticle.getByRole('button', { name: 'Edit your comment' }).click();
  const editBox = page.getByRole('textbox', { name: 'Edit your comment' });
  await expect(editBox).toHaveValue(reply);
  await editBox.fill(`${reply} and the sea`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comment updated successfully')).toBeVisible();
  const edited = threadOf(page, `${reply} and the sea`).filter({ hasNotText: `notes-${tag}` });
  await expect(edited.getByText('(edited)')).toBeVisible();

  // Like, then take it back.
  const like = thread.getByRole('button', { name: /^Like James Whitaker's comment/ }).first();
  await like.click();
  const unlike = thread.getByRole('button', {
    name: /^Unlike James Whitaker's comment \(1 like\)/,
  });
  await expect(unlike.first()).toHaveAttribute('aria-pressed', 'true');
  await takeScreenshot('01-thread-with-reply-and-like');
  await expectNoSeriousAxeViolations(page, 'the listing with its comments');
  await unlike.first().click();
  await expect(
    thread.getByRole('button', { name: /^Like James Whitaker's comment \(0 likes\)/ }).first(),
  ).toBeVisible();

  // Delete the reply, then the thread, each after the confirmation.
  await edited.getByRole('button', { name: 'Delete your comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Comment' });
  await expect(
    dialog.getByText('Are you sure you want to delete this comment? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted successfully')).toBeVisible();
  await expect(threadOf(page, reply)).toHaveCount(0);
  await thread.getByRole('button', { name: 'Delete your comment' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete Comment' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(threadOf(page, `notes-${tag}`)).toHaveCount(0);
});

mailTest(
  '[COMMENTS] a free producer sees the Premium Feature card instead of the thread',
  async ({ page, baseURL, login, mailCatcher }) => {
    mailTest.setTimeout(180_000);
    // A producer of this run's own: the shared demo producer's five monthly views stay theirs.
    const producer = await registerVerifiedProducer(page, mailCatcher, baseURL!);
    await login(page, producer.email, producer.password);
    const listing = await demoCatalogueListing(page);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium Feature' }).first()).toBeVisible();
    await expect(
      page.getByText('Comments on listings are for premium members.', { exact: false }),
    ).toBeVisible();
    const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
    await expect(upgrade.first()).toBeVisible();
    await expect(
      page.locator('a[href="/membership"]', { hasText: 'Upgrade to Premium' }),
    ).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  },
);

test('[COMMENTS] the admin removes a comment on /admin/comments and the figures change', async ({
  page,
  baseURL,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const content = `A comment for the moderators ${tag}`;

  await login(page, demoAccounts.premium);
  const listing = await demoCatalogueListing(page);
  const posted = await page.request.post(`/api/listings/${listing.id}/comments`, {
    headers: { origin: new URL(baseURL!).origin },
    data: { content },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await login(page, demoAccounts.admin);
  await page.goto('/admin/comments');
  await expect(page.getByRole('heading', { name: 'Comment Management', level: 1 })).toBeVisible();
  const totalTile = page
    .locator('dt', { hasText: 'Total Comments' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(totalTile).toHaveText(/^\d+$/);
  const totalBefore = Number(await totalTile.textContent());
  await expect(page.getByRole('heading', { name: 'Top Commenters' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most Commented Listings' })).toBeVisible();

  // Only this listing's comments.
  await page.getByRole('textbox', { name: 'Listing ID' }).fill('abc');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Listing ID must be a number')).toBeVisible();
  await page.getByRole('textbox', { name: 'Listing ID' }).fill(String(listing.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText(`Showing comments for listing ID ${listing.id}`)).toBeVisible();
  const row = page
    .getByRole('article', { name: 'Comment by James Whitaker' })
    .filter({ hasText: tag });
  await expect(row).toBeVisible();
  await expect(row.getByText(demoAccounts.premium)).toBeVisible();
  await expect(row.getByText(`Listing #${listing.id}:`, { exact: false })).toBeVisible();
  await takeScreenshot('02-admin-comments-filtered');
  await expectNoSeriousAxeViolations(page, '/admin/comments');

  await row.getByRole('button', { name: "Delete James Whitaker's comment" }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Comment' });
  await expect(
    dialog.getByText('Are you sure you want to delete this comment? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(totalTile).toHaveText(String(totalBefore - 1));

  // Clear shows every listing's comments again.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText(`Showing comments for listing ID ${listing.id}`)).toHaveCount(0);
});

test('[COMMENTS] the admin removes a reported comment and the replies under it stay', async ({
  page,
  baseURL,
  login,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const headers = { origin: new URL(baseURL!).origin };
  const postAs = async (email: string, listingId: number, data: object) => {
    await login(page, email);
    const response = await page.request.post(`/api/listings/${listingId}/comments`, {
      headers,
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).comment as { id: number };
  };

  await login(page, demoAccounts.premium);
  const listing = await demoCatalogueListing(page);
  const thread = await postAs(demoAccounts.premium, listing.id, { content: `Reported ${tag}` });
  await postAs(demoAccounts.admin, listing.id, {
    content: `Admin answer ${tag}`,
    parentId: thread.id,
  });
  const reported = await page.request.post(`/api/comments/${thread.id}/report`, {
    headers,
    data: { reason: 'Off topic' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  await postAs(demoAccounts.premium, listing.id, {
    content: `Author follow-up ${tag}`,
    parentId: thread.id,
  });

  await login(page, demoAccounts.admin);
  await page.goto('/admin/comments');
  await page.getByRole('textbox', { name: 'Listing ID' }).fill(String(listing.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page
    .getByRole('article', { name: 'Comment by James Whitaker' })
    .filter({ hasText: `Reported ${tag}` });
  await expect(row.getByText('1 report')).toBeVisible();
  await expect(row.getByText('2 replies')).toBeVisible();
  await row.getByRole('button', { name: "Delete James Whitaker's comment" }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Comment' });
  await expect(
    dialog.getByText('Its 2 replies stay on the listing, under a "Comment removed" placeholder.', {
      exact: false,
    }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the delete dialog of a comment with replies');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted successfully')).toBeVisible();

  await page.goto(`/listings/${listing.id}`);
  const placeholder = page.getByRole('article', { name: 'Comment removed' });
  await expect(placeholder.getByText('Comment removed', { exact: false })).toBeVisible();
  await expect(placeholder.getByText(`Admin answer ${tag}`)).toBeVisible();
  await expect(placeholder.getByText(`Author follow-up ${tag}`)).toBeVisible();
  await expect(page.getByText(`Reported ${tag}`)).toHaveCount(0);
});

test('[COMMENTS] a producer without admin rights sees the admin notice on /admin/comments', async ({
  page,
  login,
}) => {
  await login(page, demoAccounts.premium);
  await page.goto('/admin/comments');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByText('This page is only accessible to administrators.')).toBeVisible();
});
