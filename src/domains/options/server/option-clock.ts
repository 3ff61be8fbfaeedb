/**
 * The room's one reading of the clock (issue 34). Use cases and jobs take `now` as a
 * parameter; only routes, the payment handler and the job wrappers call this. It mirrors the
 * platform's test clock of issue 29 (src/server/clock.ts: Date.now() plus an offset that only
 * tests move); when that is merged these two functions become its `now()` and `advanceClock`.
 */
let offsetMs = 0;

export const optionNow = (): Date => new Date(Date.now() + offsetMs);

/** Tests only: moves this room's clock on (or back to the real time with `reset`). */
export function advanceOptionClock(ms: number, options: { reset?: boolean } = {}): Date {
  offsetMs = options.reset ? 0 : offsetMs + ms;
  return optionNow();
}
