import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { demoAccounts, expect, test } from './helpers/journey';

const ACCESS_MESSAGE = 'Forum access is limited to Premium Producers, Agents, and Administrators.';

test('[FORUM] the demo agent starts a legal discussion, a premium producer replies, the admin locks it', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(150_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const title = `Option renewals for debut novels ${tag}`;
  const content = `How long do you usually agree? <b>not bold</b> See https://example.com/options-${tag}.`;
  const reply = `Eighteen months with one renewal, in my experience ${tag}`;

  // The agent opens the forum: categories, search, the 'Active Today' figure.
  await login(page, demoAccounts.agent);
  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: 'Community Forum', level: 1 })).toBeVisible();
  const categories = page.getByRole('group', { name: 'Category' });
  for (const label of [
    'General Discussion',
    'Technical Questions',
    'Business & Marketing',
    'Legal & Contracts',
  ]) {
    await expect(categories.getByRole('button', { name: label })).toBeVisible();
  }
  await expect(page.getByText('Active Today')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the forum list');

  // New Discussion: blank fields are refused with the spec's message.
  await page.getByRole('button', { name: 'New Discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Discussion' });
  await dialog.getByRole('button', { name: 'Post Discussion' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await expect(
    page.getByText('Please provide both title and content for your post.').first(),
  ).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption({ label: 'Legal & Contracts' });
  await dialog.getByLabel('Content').fill(content);
  await dialog.getByLabel('Tags').fill(' options, contracts ,, options ');
  await expectNoSeriousAxeViolations(page, 'the New Discussion dialog');
  await dialog.getByRole('button', { name: 'Post Discussion' }).click();

  // The new discussion opens: text as written, the address a safe link, tags tidied.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const postId = new URL(page.url()).searchParams.get('post');
  expect(postId).toMatch(/^\d+$/);
  await expect(page.getByText('<b>not bold</b>', { exact: false })).toBeVisible();
  await expect(page.locator('article b')).toHaveCount(0);
  const link = page.getByRole('link', { name: `https://example.com/options-${tag}` });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['#options', '#contracts']);
  await takeScreenshot('01-new-discussion');

  // The list finds it by a tag word's prefix within Legal & Contracts.
  await page.getByRole('link', { name: '← Back to discussions' }).click();
  await categories.getByRole('button', { name: 'Legal & Contracts' }).click();
  // The new discussion is already in the category's list, so wait for the search's own answer
  // before signing in as someone else (else that answer arrives for a session that has gone).
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/api/forum/posts?') &&
      new URL(response.url()).searchParams.get('search') === `contr ${tag}`,
  );
  await page.getByRole('searchbox', { name: 'Search discussions' }).fill(`contr ${tag}`);
  expect((await searched).ok()).toBe(true);
  const listed = page.getByRole('link', { name: title });
  await expect(listed).toBeVisible();

  // The demo premium producer replies and likes it.
  await login(page, demoAccounts.premium);
  await page.goto(`/forum?post=${postId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByText('Please provide content for your reply.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Your reply' }).fill(reply);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByText(reply)).toBeVisible();
  const like = page.getByRole('button', { name: /^Like this discussion/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousAxeViolations(page, 'a discussion with a reply');

  // The demo admin locks it; the reply box disappears for everyone.
  await login(page, demoAccounts.admin);
  await page.goto(`/forum?post=${postId}`);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(
    page.getByText('This discussion is locked. No new replies can be posted.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
  await takeScreenshot('02-locked');

  await login(page, demoAccounts.premium);
  await page.goto(`/forum?post=${postId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post Reply' })).toHaveCount(0);
});

test('[FORUM] a free producer sees the restricted screen and the way to Premium', async ({
  page,
  login,
}) => {
  await login(page, demoAccounts.producer);
  await page.goto('/forum');
  await expect(page.getByText(`Access Restricted`)).toBeVisible();
  await expect(page.getByText(ACCESS_MESSAGE).first()).toBeVisible();
  const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
  await expect(upgrade).toHaveAttribute('href', '/membership');
  await expectNoSeriousAxeViolations(page, 'the forum restricted screen');
  const api = await page.request.get('/api/forum/posts');
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe(ACCESS_MESSAGE);
});
