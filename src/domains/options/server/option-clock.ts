/**
 * The room's one reading of the clock (issue 34). Use cases and jobs take `now` as a
 * parameter; only routes and the job wrappers call this, so a test drives the option's life
 * with dates of its own. When the platform's test clock (src/server/clock.ts) is merged this
 * one line becomes its `now()`.
 */
export const optionNow = (): Date => new Date();
