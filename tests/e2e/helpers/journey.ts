import { expect as baseExpect } from '../fixtures';

/**
 * The journeys' `expect`: the same assertions with more patience. The machine running them
 * is shared and often busy, and a page of 24 cards can take longer than the default 10 s to
 * settle there; what is asserted does not change.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

export { test, demoAccounts, DEMO_PASSWORD } from '../fixtures';
