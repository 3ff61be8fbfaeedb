-- The catalogue index's change feed (issue 18, decision 018): after every statement that
-- inserts, updates or deletes listings, the changed ids are announced on the channel
-- 'listings_changed' (delivered at commit), 400 ids a notification (well inside NOTIFY's
-- 8,000-byte payload); a statement changing more than 20,000 listings, or a TRUNCATE,
-- announces '*' (reload everything). Every instance on a PostgreSQL server keeps its index fresh from it.
CREATE OR REPLACE FUNCTION "notify_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
  chunk_start integer := 1;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('listings_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO changed FROM (SELECT id FROM old_rows LIMIT 20001) AS some_rows;
  ELSE
    SELECT array_agg(id) INTO changed FROM (SELECT id FROM new_rows LIMIT 20001) AS some_rows;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(changed) > 20000 THEN
    PERFORM pg_notify('listings_changed', '*');
    RETURN NULL;
  END IF;
  WHILE chunk_start <= cardinality(changed) LOOP
    PERFORM pg_notify('listings_changed', array_to_string(changed[chunk_start:chunk_start + 399], ','));
    chunk_start := chunk_start + 400;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_changed_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_listings_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_changed_update" AFTER UPDATE ON "listings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_listings_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_changed_delete" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_listings_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_changed_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_listings_changed"();
