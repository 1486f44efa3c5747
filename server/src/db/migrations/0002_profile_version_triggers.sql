-- users.profile_version changes whenever anything a signed-in profile is built from changes, so API
-- instances may cache profiles and compare versions instead of rebuilding the profile on every request.
CREATE OR REPLACE FUNCTION cm_bump_own_profile_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_version := OLD.profile_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Only when the writer did not set the version itself (the triggers below do), so each change bumps once.
CREATE TRIGGER users_profile_version BEFORE UPDATE ON users FOR EACH ROW
  WHEN (OLD.profile_version = NEW.profile_version) EXECUTE FUNCTION cm_bump_own_profile_version();
--> statement-breakpoint
-- Bumps the users a changed row points at. TG_ARGV[0] names the row's column to follow: 'user_id', a
-- group's 'group_id', or an organisation's own 'id'; OLD is null on INSERT and NEW on DELETE, so one body serves all.
CREATE OR REPLACE FUNCTION cm_bump_related_profile_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text := to_jsonb(OLD) ->> TG_ARGV[0];
  new_key text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  IF TG_ARGV[0] = 'user_id' THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE id::text IN (old_key, new_key);
  ELSIF TG_ARGV[0] = 'group_id' THEN
    UPDATE users SET profile_version = profile_version + 1
     WHERE id IN (SELECT user_id FROM group_memberships WHERE group_id::text IN (old_key, new_key));
  ELSIF TG_ARGV[0] = 'id' THEN
    UPDATE users SET profile_version = profile_version + 1
     WHERE id IN (SELECT user_id FROM organisation_memberships WHERE organisation_id::text IN (old_key, new_key));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_memberships_profile_version AFTER INSERT OR UPDATE OR DELETE ON organisation_memberships
  FOR EACH ROW EXECUTE FUNCTION cm_bump_related_profile_versions('user_id');
--> statement-breakpoint
CREATE TRIGGER group_memberships_profile_version AFTER INSERT OR UPDATE OR DELETE ON group_memberships
  FOR EACH ROW EXECUTE FUNCTION cm_bump_related_profile_versions('user_id');
--> statement-breakpoint
CREATE TRIGGER specialisations_profile_version AFTER INSERT OR UPDATE OR DELETE ON specialisations
  FOR EACH ROW EXECUTE FUNCTION cm_bump_related_profile_versions('user_id');
--> statement-breakpoint
CREATE TRIGGER group_permissions_profile_version AFTER INSERT OR UPDATE OR DELETE ON group_permissions
  FOR EACH ROW EXECUTE FUNCTION cm_bump_related_profile_versions('group_id');
--> statement-breakpoint
-- An organisation row is followed through its id: its name and code are part of its members' profiles.
CREATE TRIGGER organisations_profile_version AFTER UPDATE ON organisations
  FOR EACH ROW EXECUTE FUNCTION cm_bump_related_profile_versions('id');
