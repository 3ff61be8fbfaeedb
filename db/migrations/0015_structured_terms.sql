-- Issue 28: a term sheet's rights are data. The prose territory and media become lists; each
-- existing version keeps what of its prose names a right the listing offers, else it takes the
-- listing's own rights (the prose defaults 'Worldwide' / 'All media, film and television' were
-- never offered by any listing).
ALTER TABLE "offer_terms" ALTER COLUMN "territory" SET DATA TYPE text[] USING string_to_array("territory", ',');--> statement-breakpoint
ALTER TABLE "offer_terms" ALTER COLUMN "media" SET DATA TYPE text[] USING string_to_array("media", ',');--> statement-breakpoint
ALTER TABLE "offer_terms" ADD COLUMN "purchase_price_percent_bp" integer;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD COLUMN "purchase_price_floor_pence" integer;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD COLUMN "purchase_price_cap_pence" integer;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD COLUMN "exclusivity" text;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD COLUMN "credit" text;--> statement-breakpoint
UPDATE "offer_terms" AS t SET
  "territory" = coalesce(
    nullif(
      array(
        select lt from unnest(l."territory") as lt
        where lower(lt) = any (select lower(trim(x)) from unnest(t."territory") as x)
      ),
      '{}'::text[]
    ),
    l."territory"
  ),
  "media" = coalesce(
    nullif(
      array(
        select r from unnest(l."rights_available") as r
        where r = any (select lower(trim(x)) from unnest(t."media") as x)
      ),
      '{}'::text[]
    ),
    l."rights_available"
  ),
  "exclusivity" = case
    when l."exclusivity" in ('exclusive', 'non-exclusive', 'first-look') then l."exclusivity"
  end
FROM "offers" AS o JOIN "listings" AS l ON l."id" = o."listing_id"
WHERE o."id" = t."offer_id";
