-- API instances cache "this sign-in is open, at this profile version". They LISTEN on cm_auth_changed
-- and forget a user's entries when a sign-in is revoked or the user (or their profile version) changes.
CREATE OR REPLACE FUNCTION cm_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cm_auth_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('cm_auth_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cm_notify_user_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cm_notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cm_auth_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('cm_auth_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_auth_changed AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION cm_notify_session_changed();
