-- The catalogue's full-text document. Declared IMMUTABLE so a generated column may use it:
-- the text search configuration is fixed ('simple': titles and names are not stemmed), and
-- array_to_string over text[] does not depend on any setting.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_document(title text, author text, description text, tags text[])
RETURNS tsvector
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
$$;
