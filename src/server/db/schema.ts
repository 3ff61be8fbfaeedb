// Every table of every domain, for Drizzle's relational queries and drizzle-kit.
export * from '@/domains/accounts/server/accounts.tables';
export * from '@/domains/listings/server/listings.tables';
export * from '@/domains/favourites/server/favourites.tables';
export * from '@/domains/membership/server/membership.tables';
export * from '@/domains/tracking/server/tracking.tables';
export * from '@/domains/payments/server/payments.tables';
export * from '@/domains/offers/server/offers.tables';
export * from '@/domains/membership/server/subscriptions.tables';
