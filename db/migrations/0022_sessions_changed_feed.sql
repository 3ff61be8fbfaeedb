-- The session cache's change feed (issue 33, decision 017): after every statement that updates,
-- deletes or truncates users, or deletes or truncates sessions, the channel 'sessions_changed'
-- is told (delivered at commit, one notification per transaction). Every instance on a
-- PostgreSQL server listens and forgets its cached session lookups, so a sign-out, a
-- suspension or a role change made through one instance is seen by the others at once rather
-- than when their cached copy lapses. Session inserts and the sliding-expiry update of a
-- session's dates change nothing a cached lookup answers, so they are not announced.
CREATE OR REPLACE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_users" AFTER UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed_users_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed_sessions" AFTER DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed_sessions_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
