-- Listings' GIN indexes without the pending list (issue 15, decision 013): set in place rather
-- than rebuilt (the same end state as the schema's WITH (fastupdate=false)), then the entries
-- already pending are merged once, here, instead of during some later request.
ALTER INDEX "listings_tags_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "listings_rights_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "listings_territory_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "listings_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('listings_tags_idx'), gin_clean_pending_list('listings_rights_idx'),
  gin_clean_pending_list('listings_territory_idx'), gin_clean_pending_list('listings_search_idx');--> statement-breakpoint
CREATE INDEX "listing_views_listing_idx" ON "listing_views" USING btree ("listing_id");
