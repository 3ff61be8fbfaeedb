/** The spec's membership numbers (part 1 sections 1, 6 and 9). */

/** Free tier: different listings a producer may open per calendar month. */
export const FREE_MONTHLY_LISTING_VIEWS = 5;

/** 'Nearly at your limit!' shows at this many views remaining or fewer. */
export const NEAR_LIMIT_REMAINING = 1;

/** Months (and so the view allowance) start at midnight UK time. */
export const MEMBERSHIP_TIME_ZONE = 'Europe/London';

/** The message of the 403 a free producer gets for a sixth different listing in a month. */
export const VIEW_LIMIT_MESSAGE =
  'Monthly viewing limit reached. Upgrade to Premium for unlimited listing views.';

/** Premium: £216 a year, which is £180 plus 20% VAT (part 2 sections 1 and 9). */
export const PREMIUM_PRICE = {
  netPence: 18_000,
  vatPence: 3_600,
  grossPence: 21_600,
  vatRatePercent: 20,
} as const;

/** A membership year; renewals extend from the end of the current one. */
export const PREMIUM_PERIOD_YEARS = 1;

/** The refund guarantee: an admin may refund within this many days of the first payment. */
export const REFUND_WINDOW_DAYS = 14;

/** A failed renewal is retried once a day for this many days, then the member returns to free. */
export const RENEWAL_RETRY_DAYS = 7;

/** The seller named on VAT receipts. */
export const RECEIPT_SELLER = 'PageToScreen Ltd';

/** The payment success page polls the membership status this often (part 2 section 4). */
export const STATUS_POLL_MS = 3_000;

/** The payment success page goes home after this long (part 2 section 9). */
export const PAYMENT_SUCCESS_REDIRECT_MS = 15_000;

export const ALREADY_PREMIUM_MESSAGE = 'You already have a premium membership';
export const PRODUCERS_ONLY_UPGRADE_MESSAGE = 'Only producers can upgrade to Premium';
export const PREMIUM_REQUIRED_MESSAGE = 'This feature requires a Premium membership';
export const REFUND_WINDOW_MESSAGE =
  'Refunds are only available within 14 days of the first payment';
