import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts a page state may not have: issue 27 set the bar at 0 serious and 0 moderate. */
const BLOCKING_IMPACTS = new Set(['critical', 'serious', 'moderate']);

/**
 * Runs axe (WCAG 2.1 A/AA rules and best practice) on the page as it stands and describes
 * each critical, serious or moderate violation: the rule, its impact, where it hit and the help.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', '),
    );
}

/** Fails on any critical, serious or moderate axe violation of the page as it stands. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  expect(
    await axeFindings(page),
    `critical, serious or moderate axe violations on ${label}`,
  ).toEqual([]);
}
