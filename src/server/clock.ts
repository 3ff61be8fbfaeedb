/**
 * The server's clock (issue 29). Everything that decides by the date in a way a test must be
 * able to move (an option lapsing after months) asks `now()` instead of `new Date()`. In
 * production the offset is always zero: only the test clock route (`POST /api/test/clock`,
 * registered when TEST_CLOCK=true) moves it, so a browser journey can let an option lapse.
 * The offset lives in this process only: with several instances, each keeps its own, which
 * is why TEST_CLOCK is for a single test server and never for a deployment.
 */
let offsetMs = 0;

/** The time now, as this process's clock reads it (the real time plus any test offset). */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves this process's clock forward by `ms` (tests only); answers the new time. */
export function advanceClock(ms: number): Date {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
  offsetMs += ms;
  return now();
}

/** Back to the real time (tests that moved the clock tidy up after themselves). */
export function resetClock(): void {
  offsetMs = 0;
}
