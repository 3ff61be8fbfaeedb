import { test as base } from '../fixtures';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

/** The journeys' `test` plus `mailCatcher`: a real SMTP server receiving the app's mail. */
export const test = base.extend<{ mailCatcher: MailCatcher }>({
  mailCatcher: [
    async ({ baseURL }, use) => {
      if (!baseURL) throw new Error('mailCatcher needs use.baseURL in playwright.config.ts');
      const catcher = await startMailCatcher(baseURL);
      await use(catcher);
      await catcher.close();
    },
    // Waiting for another journey to release the SMTP port is not part of this journey's time.
    { timeout: 150_000 },
  ],
});

export { expect } from './journey';
