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
CREATE OR REPLACE FUNCTION cm_bump_member_profile_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_memberships_profile_version AFTER INSERT OR UPDATE OR DELETE ON organisation_memberships
  FOR EACH ROW EXECUTE FUNCTION cm_bump_member_profile_version();
--> statement-breakpoint
CREATE TRIGGER group_memberships_profile_version AFTER INSERT OR UPDATE OR DELETE ON group_memberships
  FOR EACH ROW EXECUTE FUNCTION cm_bump_member_profile_version();
--> statement-breakpoint
CREATE TRIGGER specialisations_profile_version AFTER INSERT OR UPDATE OR DELETE ON specialisations
  FOR EACH ROW EXECUTE FUNCTION cm_bump_member_profile_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cm_bump_group_profile_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET profile_version = profile_version + 1
   WHERE id IN (SELECT user_id FROM group_memberships WHERE group_id IN (OLD.group_id, NEW.group_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cm_bump_group_profile_versions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET profile_version = profile_version + 1
   WHERE id IN (SELECT user_id FROM group_memberships WHERE group_id = OLD.group_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cm_bump_group_profile_versions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET profile_version = profile_version + 1
   WHERE id IN (SELECT user_id FROM group_memberships WHERE group_id = NEW.group_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_permissions_insert_profile_version AFTER INSERT ON group_permissions
  FOR EACH ROW EXECUTE FUNCTION cm_bump_group_profile_versions_on_insert();
--> statement-breakpoint
CREATE TRIGGER group_permissions_delete_profile_version AFTER DELETE ON group_permissions
  FOR EACH ROW EXECUTE FUNCTION cm_bump_group_profile_versions_on_delete();
--> statement-breakpoint
CREATE TRIGGER group_permissions_update_profile_version AFTER UPDATE ON group_permissions
  FOR EACH ROW EXECUTE FUNCTION cm_bump_group_profile_versions();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cm_bump_organisation_profile_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET profile_version = profile_version + 1
   WHERE id IN (SELECT user_id FROM organisation_memberships WHERE organisation_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisations_profile_version AFTER UPDATE ON organisations
  FOR EACH ROW EXECUTE FUNCTION cm_bump_organisation_profile_versions();
