/** Stripe test-mode cards the local provider understands (DESIGN.md). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** A card authorisation lives 7 days, like a real one (Stripe cancels uncaptured intents then). */
export const AUTHORISATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Stripe's single-charge maximum for GBP: £999,999.99. */
export const MAX_CHARGE_PENCE = 99_999_999;

export const CURRENCY = 'gbp';
