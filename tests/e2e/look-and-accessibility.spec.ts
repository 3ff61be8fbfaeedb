import type { Page } from '@playwright/test';
import { test, expect, demoAccounts } from './helpers/journey';
import { catalogueResults, firstListingWithUniqueTitle } from './helpers/catalogue';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { placeOfferThroughApi } from './helpers/offers';
import { paths } from '../../src/shared/paths';

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Every cover image on the page has loaded and is shown whole (its box has its proportion). */
async function expectCoversLoadedAndUncropped(page: Page, where: string) {
  // Lazy covers start loading as they scroll into view, after the page's first network idle
  // (which waitForLoadState does not wait for again): give them time to arrive, then check.
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('img[data-cover]')).every(
          (image) => image.complete,
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  const covers = await page.locator('img[data-cover]').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const box = image.getBoundingClientRect();
      return {
        src: image.currentSrc || image.src,
        isLoaded: image.complete && image.naturalWidth > 0,
        boxRatio: box.width / box.height,
        imageRatio: image.naturalWidth / image.naturalHeight,
        fit: getComputedStyle(image).objectFit,
      };
    }),
  );
  expect(covers.length, `covers on ${where}`).toBeGreaterThan(0);
  for (const cover of covers) {
    expect(cover.isLoaded, `${cover.src} loaded on ${where}`).toBe(true);
    // Either the box has the image's proportion, or the image is fitted whole inside it.
    const isWhole =
      cover.fit === 'contain' ||
      Math.abs(cover.boxRatio - cover.imageRatio) / cover.imageRatio < 0.02;
    expect(isWhole, `${cover.src} shown uncropped on ${where}`).toBe(true);
  }
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`[LOOK] ${viewportName}`, () => {
    test.use({ viewport });

    test(`the producer's pages look finished and pass axe (${viewportName})`, async ({
      page,
      login,
      takeScreenshot,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await login(page, demoAccounts.producer);
      const listing = await firstListingWithUniqueTitle(page, { available: true });

      const check = async (name: string) => {
        await page.waitForLoadState('networkidle');
        await takeScreenshot(`${viewportName}-${name}`);
        await expectNoSeriousAxeViolations(page, `${name} (${viewportName})`);
      };

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The demo catalogue says it is one, until dismissed on this device.
      const demoNotice = page.getByRole('region', { name: 'Demonstration data' });
      await expect(demoNotice).toContainText('generated examples');
      await check('home');
      if (viewportName === 'desktop') {
        await demoNotice.getByRole('button', { name: /Dismiss/ }).click();
        await expect(demoNotice).toBeHidden();
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(demoNotice).toBeHidden();
      }

      await page.goto(paths.listings);
      const cards = catalogueResults(page).getByRole('article');
      await expect(cards.first()).toBeVisible();
      if (viewportName === 'desktop') {
        // Two whole rows of cards above the fold.
        const boxes = await cards.evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return { top: Math.round(box.top), bottom: box.bottom };
          }),
        );
        const wholeRowTops = new Set(
          boxes.filter((box) => box.bottom <= viewport.height).map((box) => box.top),
        );
        expect(wholeRowTops.size, 'whole rows of cards above the fold').toBeGreaterThanOrEqual(2);
      }
      await check('catalogue');
      // Scroll through everything loaded: no card is left with a blank cover.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
      });
      await page.waitForLoadState('networkidle');
      await expectCoversLoadedAndUncropped(page, 'the catalogue');

      await page.goto(paths.listing(listing.id));
      await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
      await expectCoversLoadedAndUncropped(page, 'the listing page');
      await check('listing');

      await page.goto(paths.submitOffer(listing.id));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check('submit-offer');

      // With an offer of theirs, My Submissions and the dashboard show it, chart and all.
      // (Once: the phone run, after it in this file, finds the same offer.)
      if (!baseURL) throw new Error('the journey needs use.baseURL');
      if (viewportName === 'desktop') {
        await placeOfferThroughApi(page.request, new URL(baseURL).origin, listing.id, '30000');
      }

      await page.goto(paths.mySubmissions);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check('my-submissions');

      await page.goto(paths.producerDashboard);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (viewportName === 'desktop') {
        await expect(page.getByRole('figure', { name: 'Offers by month' })).toBeVisible();
      }
      await check('producer-dashboard');

      await page.goto(paths.upgrade);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      await check('upgrade');

      // The catalogue's list view, remembered on this device.
      await page.goto(paths.listings);
      await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(catalogueResults(page).getByRole('article').first()).toBeVisible();
      await check('catalogue-list');
    });
  });
}
