-- The users list keeps, per API instance, the ordered ids of a narrowed list (a search, an organisation)
-- so that paging through it or asking again does not run the search again (issue 20 §2: a trigram search
-- over 100,000 users costs ~1.5 ms of index work alone, more than the whole request may). A kept list is
-- used only while this version is the one it was read with: every statement that changes what the list
-- shows (a user's names, e-mail, title or active flag, a membership) moves it, in the same transaction,
-- so a reader sees the new version exactly when it sees the new rows, on every instance.
CREATE TABLE users_list_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO users_list_version (only_row, version) VALUES (true, 0);
--> statement-breakpoint
-- Statement triggers: one update of the row per statement, whatever the number of rows. The row lock is
-- held to the end of the transaction, as user_counts' are; those triggers fire first (their names sort
-- first), so transactions take the two in one order.
CREATE OR REPLACE FUNCTION cm_users_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users_list_version SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_list_version_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_users_list_changed();
--> statement-breakpoint
-- Only the columns the list shows, searches or filters on: a sign-in's last_sign_in does not move it.
CREATE TRIGGER users_list_version_update
  AFTER UPDATE OF email, title, given_name, middle_name, family_name, is_active ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_users_list_changed();
--> statement-breakpoint
CREATE TRIGGER organisation_memberships_list_version
  AFTER INSERT OR UPDATE OR DELETE ON organisation_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION cm_users_list_changed();
--> statement-breakpoint
CREATE TRIGGER users_list_version_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_users_list_changed();
--> statement-breakpoint
CREATE TRIGGER organisation_memberships_list_version_truncate AFTER TRUNCATE ON organisation_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION cm_users_list_changed();
