/** The company behind the product, as the legal pages and the footer name it. */
export const COMPANY = {
  name: 'PageToScreen Ltd',
  jurisdiction: 'England and Wales',
  addressLines: ['Kemp House', '160 City Road', 'London', 'EC1V 2NX', 'United Kingdom'],
  emails: {
    privacy: 'privacy@pagetoscreen.co.uk',
    legal: 'legal@pagetoscreen.co.uk',
    support: 'support@pagetoscreen.co.uk',
  },
  website: 'pagetoscreen.co.uk',
} as const;

export const LEGAL_LAST_UPDATED = 'January 2025';
export const COPYRIGHT_YEAR = 2025;
export const MINIMUM_AGE = 18;
export const REFUND_GUARANTEE_DAYS = 14;
export const PREMIUM_PRICE_LABEL = '£216 per year (£180 plus VAT at 20%)';
export const DATA_RETENTION_YEARS = 7;
