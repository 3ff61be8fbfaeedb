import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { axeFindings } from './helpers/accessibility';

/** The demo accounts the seeded catalogue ships with (README.md). */
export const DEMO_PASSWORD = 'demo-password';
export const demoAccounts = {
  producer: 'demo.producer@pagetoscreen.test',
  premium: 'demo.premium@pagetoscreen.test',
  agent: 'demo.agent@pagetoscreen.test',
  admin: 'demo.admin@pagetoscreen.test',
} as const;

interface JourneyFixtures {
  /** Signs the page's browser context in through the API (its cookie then serves the page). */
  login: (page: Page, email: string, password?: string) => Promise<void>;
  /** Saves a full-page screenshot under test-results/ and attaches it to the report. */
  takeScreenshot: (name: string) => Promise<void>;
  /** Declares a console error this test expects (e.g. a page served with status 404). */
  allowConsoleError: (pattern: RegExp) => void;
  allowedConsoleErrors: RegExp[];
  /** Fails the test on any unexpected console.error or uncaught page error (STYLE.md 10). */
  failOnConsoleErrors: void;
  /**
   * Runs axe on the state every journey ends in (the states in between are checked where the
   * journey calls expectNoSeriousAxeViolations): 0 critical, serious or moderate (issue 27).
   */
  axeOnFinalState: void;
}

/** Console errors a healthy page still produces: being logged out, and the favicon request. */
function isExpectedConsoleError(message: ConsoleMessage): boolean {
  const url = message.location().url;
  const isUnauthorisedUserCheck =
    /\/api\/auth\/user(\?|$)/.test(url) && message.text().includes('401');
  const isFavicon = /favicon/i.test(url) || /favicon/i.test(message.text());
  return isUnauthorisedUserCheck || isFavicon;
}

export const test = base.extend<JourneyFixtures>({
  login: async ({ baseURL }, use) => {
    await use(async (page, email, password = DEMO_PASSWORD) => {
      if (!baseURL) throw new Error('login() needs use.baseURL in playwright.config.ts');
      const response = await page.request.post('/api/auth/login', {
        data: { email, password },
        headers: { origin: new URL(baseURL).origin },
      });
      if (!response.ok()) {
        throw new Error(
          `Signing in as ${email} failed: ${response.status()} ${await response.text()}`,
        );
      }
    });
  },

  takeScreenshot: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      const file = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
    });
  },

  // Playwright requires the destructuring pattern even when a fixture needs no other fixture.
  // eslint-disable-next-line no-empty-pattern
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },

  allowConsoleError: async ({ allowedConsoleErrors }, use) => {
    await use((pattern) => {
      allowedConsoleErrors.push(pattern);
    });
  },

  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedConsoleError(message)) {
          const where = message.location().url;
          errors.push(where ? `${message.text()} (${where})` : message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
      await use();
      const unexpected = errors.filter(
        (error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)),
      );
      expect(unexpected, 'unexpected console.error messages in the browser').toEqual([]);
    },
    { auto: true },
  ],

  axeOnFinalState: [
    async ({ page }, use, testInfo) => {
      await use();
      // A failed journey has already said why; a page that never opened has nothing to check.
      if (testInfo.status !== testInfo.expectedStatus || !page.url().startsWith('http')) return;
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const findings = await axeFindings(page);
      expect(findings, `axe violations on the final state (${page.url()})`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
