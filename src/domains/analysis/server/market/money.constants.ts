/**
 * How the analysis turns the film data's dollars into pounds: the data's dollars are first
 * brought to CPI_BASE_YEAR prices (cpi-u.constants.ts), then converted at that year's average
 * exchange rate, so prices and rate are of the same year.
 *
 * Source: Bank of England, "Annual average Spot exchange rate, US$ into Sterling" (series
 * XUAADUS), 2024: 1.2781. https://www.bankofengland.co.uk/boeapps/database/
 */
export const USD_PER_GBP = 1.2781;
export const EXCHANGE_RATE_SOURCE =
  'Bank of England annual average spot rate, US$ into sterling (series XUAADUS)';
export const EXCHANGE_RATE_YEAR = 2024;

/**
 * The screen rights of a source usually cost about 2.5% of the film's production budget (the
 * common 2–3% rule of thumb for a purchase price). An assumption of the engine, stated in
 * every basis that uses it: a listing's asking price implies the budget band of its film.
 */
export const RIGHTS_SHARE_OF_BUDGET = 0.025;

export const toPounds = (dollars: number) => dollars / USD_PER_GBP;
export const toDollars = (pounds: number) => pounds * USD_PER_GBP;
