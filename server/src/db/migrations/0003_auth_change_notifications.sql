-- API instances cache "this sign-in is open, at this profile version". They LISTEN on cm_auth_changed
-- and forget a user's entries when a sign-in is revoked or the user (or their profile version) changes.
-- TG_ARGV[0] names the column holding the user id; OLD is null on INSERT and NEW on DELETE.
CREATE OR REPLACE FUNCTION cm_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cm_auth_changed', COALESCE(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cm_notify_auth_changed('id');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_auth_changed AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION cm_notify_auth_changed('user_id');
