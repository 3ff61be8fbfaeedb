// Every table of every domain and of the platform, for Drizzle's relational queries and
// drizzle-kit. Only this file (and the seed's and tests' reads) sees them all.
export * from '@/domains/accounts/server/accounts.tables';
export * from '@/server/plugins/session.tables';
export * from '@/server/mail/mail.tables';
export * from '@/domains/listings/server/listings.tables';
export * from '@/domains/favourites/server/favourites.tables';
export * from '@/domains/membership/server/membership.tables';
export * from '@/domains/tracking/server/tracking.tables';
export * from '@/domains/payments/server/payments.tables';
export * from '@/domains/offers/server/offers.tables';
export * from '@/domains/membership/server/subscriptions.tables';
export * from '@/domains/admin/server/admin.tables';
export * from '@/domains/chain-of-title/server/chain-of-title.tables';
export * from '@/domains/comments/server/comments.tables';
export * from '@/domains/forum/server/forum.tables';
export * from '@/domains/analysis/server/analysis.tables';
export * from '@/domains/enrichment/server/enrichment.tables';
export * from '@/domains/recommendations/server/recommendations.tables';
export * from '@/domains/saved-searches/server/saved-searches.tables';
export * from '@/domains/notifications/server/notifications.tables';
export * from '@/domains/deals/server/deals.tables';
export * from '@/domains/vetting/server/vetting.tables';
export * from '@/domains/mandates/server/mandates.tables';
