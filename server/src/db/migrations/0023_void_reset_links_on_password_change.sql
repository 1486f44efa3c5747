-- Issue 27: a password reset link must stop working once the password changes by any path (the
-- settings page, an administrator, another reset link, and whatever path comes later). A trigger on
-- the column keeps that out of every service's memory: the change and the end of the links commit together.
CREATE OR REPLACE FUNCTION cm_void_reset_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE password_reset_tokens SET used_at = now() WHERE user_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_password_changed_void_reset_links
  AFTER UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION cm_void_reset_links();
