-- Issue 29 (decision 023): the deals made before the rights grid get their grants.
-- 1. Every accepted offer without a grant gets one: its latest stored term version's media x
--    territories, or the whole listing (rights_available x territory) where it has none; from
--    its decision (or last update) for the option period (the version's, else the offer's);
--    sold when the listing is sold. A square is taken once however its territory is spelled
--    ('UK', 'uk'), and never twice on one listing (the live-cell unique index).
WITH "latest" AS (
  SELECT DISTINCT ON (t."offer_id") t."offer_id", t."media", t."territory", t."option_period_months"
  FROM "offer_terms" t
  JOIN "offers" o ON o."id" = t."offer_id" AND o."status" = 'accepted'
  ORDER BY t."offer_id", t."version" DESC
), "accepted" AS (
  SELECT o."id" AS "offer_id", o."listing_id", o."producer_id",
         coalesce(o."decided_at", o."updated_at") AS "starts_at",
         coalesce(v."option_period_months", o."option_period_months") AS "months",
         l."status" AS "listing_status",
         coalesce(cardinality(v."media"), 0) = 0 OR coalesce(cardinality(v."territory"), 0) = 0 AS "whole",
         v."media" AS "part_media", v."territory" AS "part_territories",
         l."rights_available", l."territory" AS "listing_territories"
  FROM "offers" o
  JOIN "listings" l ON l."id" = o."listing_id"
  LEFT JOIN "latest" v ON v."offer_id" = o."id"
  WHERE o."status" = 'accepted'
    AND NOT EXISTS (SELECT 1 FROM "rights_grants" g WHERE g."offer_id" = o."id")
), "made" AS (
  INSERT INTO "rights_grants" ("listing_id", "offer_id", "producer_id", "status", "starts_at", "ends_at", "sold_at")
  SELECT a."listing_id", a."offer_id", a."producer_id",
         CASE WHEN a."listing_status" = 'sold' THEN 'sold' ELSE 'optioned' END,
         a."starts_at",
         a."starts_at" + make_interval(months => a."months"),
         CASE WHEN a."listing_status" = 'sold' THEN a."starts_at" END
  FROM "accepted" a
  RETURNING "id", "offer_id"
)
INSERT INTO "rights_grant_cells" ("grant_id", "listing_id", "media", "territory", "territory_key")
SELECT DISTINCT ON (a."listing_id", m."media", lower(trim(t."territory")))
       made."id", a."listing_id", m."media", t."territory", lower(trim(t."territory"))
FROM "made"
JOIN "accepted" a ON a."offer_id" = made."offer_id"
CROSS JOIN LATERAL unnest(CASE WHEN a."whole" THEN a."rights_available" ELSE a."part_media" END) AS m("media")
CROSS JOIN LATERAL unnest(CASE WHEN a."whole" THEN a."listing_territories" ELSE a."part_territories" END)
  WITH ORDINALITY AS t("territory", "position")
WHERE m."media" IN ('film', 'tv', 'streaming', 'radio', 'stage', 'digital', 'merchandising', 'international')
  AND trim(t."territory") <> ''
ORDER BY a."listing_id", m."media", lower(trim(t."territory")), made."id", t."position"
ON CONFLICT ("listing_id", "media", "territory_key") WHERE "live" DO NOTHING;
--> statement-breakpoint
-- 2. A listing optioned or sold with no live grant (optioned off the platform, or before offers
--    were recorded) gets a legacy grant: no offer, no end, its whole grid.
WITH "legacy" AS (
  INSERT INTO "rights_grants" ("listing_id", "status", "starts_at", "sold_at")
  SELECT l."id",
         CASE WHEN l."status" = 'sold' THEN 'sold' ELSE 'optioned' END,
         l."updated_at",
         CASE WHEN l."status" = 'sold' THEN l."updated_at" END
  FROM "listings" l
  WHERE l."status" IN ('optioned', 'sold')
    AND NOT EXISTS (SELECT 1 FROM "rights_grants" g
                    WHERE g."listing_id" = l."id" AND g."status" IN ('optioned', 'sold'))
  RETURNING "id", "listing_id"
)
INSERT INTO "rights_grant_cells" ("grant_id", "listing_id", "media", "territory", "territory_key")
SELECT DISTINCT ON (g."listing_id", m."media", lower(trim(t."territory")))
       g."id", g."listing_id", m."media", t."territory", lower(trim(t."territory"))
FROM "legacy" g
JOIN "listings" l ON l."id" = g."listing_id"
CROSS JOIN LATERAL unnest(l."rights_available") AS m("media")
CROSS JOIN LATERAL unnest(l."territory") WITH ORDINALITY AS t("territory", "position")
WHERE m."media" IN ('film', 'tv', 'streaming', 'radio', 'stage', 'digital', 'merchandising', 'international')
  AND trim(t."territory") <> ''
ORDER BY g."listing_id", m."media", lower(trim(t."territory")), t."position"
ON CONFLICT ("listing_id", "media", "territory_key") WHERE "live" DO NOTHING;
--> statement-breakpoint
-- 3. Each listing with a live grant keeps the keys of its taken cells, and its status follows
--    as setListingRightsTaken decides it: available while any offered cell is free; sold when
--    every offered cell is sold; else optioned (a listing offering no cell: held by any live
--    grant). Withdrawn and draft listings keep theirs.
WITH "grants" AS (
  SELECT "listing_id", count(*) AS "live_grants", count(*) FILTER (WHERE "status" = 'sold') AS "sold_grants"
  FROM "rights_grants"
  WHERE "status" IN ('optioned', 'sold')
  GROUP BY "listing_id"
), "offered" AS (
  SELECT DISTINCT l."id" AS "listing_id", m."media" || '|' || lower(trim(t."territory")) AS "key"
  FROM "listings" l
  JOIN "grants" gr ON gr."listing_id" = l."id"
  CROSS JOIN LATERAL unnest(l."rights_available") AS m("media")
  CROSS JOIN LATERAL unnest(l."territory") AS t("territory")
  WHERE m."media" IN ('film', 'tv', 'streaming', 'radio', 'stage', 'digital', 'merchandising', 'international')
    AND trim(t."territory") <> ''
), "live" AS (
  SELECT c."listing_id", c."media" || '|' || c."territory_key" AS "key", bool_and(g."status" = 'sold') AS "sold"
  FROM "rights_grant_cells" c
  JOIN "rights_grants" g ON g."id" = c."grant_id"
  WHERE c."live"
  GROUP BY 1, 2
), "per_listing" AS (
  -- Joins and one GROUP BY, not a subquery per listing: at 100,000 listings the correlated form
  -- scanned the offered cells once per listing (minutes on the embedded database).
  SELECT o."listing_id",
         count(*) AS "offered_count",
         count(*) FILTER (WHERE lv."key" IS NULL) AS "free_count",
         count(*) FILTER (WHERE lv."key" IS NULL OR NOT lv."sold") AS "unsold_count"
  FROM "offered" o
  LEFT JOIN "live" lv ON lv."listing_id" = o."listing_id" AND lv."key" = o."key"
  GROUP BY o."listing_id"
), "keys" AS (
  SELECT "listing_id", array_agg("key" ORDER BY "key" COLLATE "C") AS "keys"
  FROM "live"
  GROUP BY "listing_id"
), "summary" AS (
  SELECT gr."listing_id", gr."live_grants", gr."sold_grants",
         coalesce(k."keys", '{}'::text[]) AS "keys",
         coalesce(p."offered_count", 0) AS "offered_count",
         coalesce(p."free_count", 0) AS "free_count",
         coalesce(p."unsold_count", 0) AS "unsold_count"
  FROM "grants" gr
  LEFT JOIN "per_listing" p ON p."listing_id" = gr."listing_id"
  LEFT JOIN "keys" k ON k."listing_id" = gr."listing_id"
)
UPDATE "listings" l
SET "rights_taken" = s."keys",
    "status" = CASE
      WHEN s."offered_count" = 0 THEN CASE WHEN s."sold_grants" = s."live_grants" THEN 'sold' ELSE 'optioned' END
      WHEN s."free_count" > 0 THEN 'available'
      WHEN s."unsold_count" = 0 THEN 'sold'
      ELSE 'optioned'
    END
FROM "summary" s
WHERE s."listing_id" = l."id" AND l."status" NOT IN ('withdrawn', 'draft');
