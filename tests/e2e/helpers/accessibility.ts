import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './journey';

/**
 * Runs axe (WCAG 2.1 A/AA rules) on the page as it stands and fails on any serious or critical
 * violation, naming the rule, its impact, where it hit and how to fix it.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const described = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ` +
      violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(', '),
  );
  expect(described, `serious or critical axe violations on ${label}`).toEqual([]);
}
