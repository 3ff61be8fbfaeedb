import { advanceClock } from '@/server/clock';
import type { AdvanceClockResponse } from '../rights.schema';
import { lapseDueGrants, type ReversionDeps } from './lapse-due-grants';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The test clock (TEST_CLOCK=true only, decision 023): time moves forward by whole or part
 * days, and the reversion runs at once instead of at the job's next minute, so a journey sees
 * an option lapse without waiting.
 */
export async function advanceTestClock(
  deps: ReversionDeps,
  advanceDays: number,
): Promise<AdvanceClockResponse> {
  const at = advanceClock(Math.round(advanceDays * DAY_MS));
  const lapsedGrants = await lapseDueGrants(deps, at);
  return { now: at.toISOString(), lapsedGrants };
}
