/** Questions before an offer (issue 19, decision 016). */
export const MESSAGE_MAX = 2000;
/** An account younger than this is "new": its first messages are limited per day. */
export const NEW_ACCOUNT_MS = 14 * 24 * 60 * 60 * 1000;
/** New threads (first messages) a new producer may start in 24 hours; others: the second. */
export const NEW_PRODUCER_THREADS_PER_DAY = 3;
export const PRODUCER_THREADS_PER_DAY = 20;
