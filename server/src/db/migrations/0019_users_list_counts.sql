-- The administrators' users list (issue 20 §2: 100,000 users, ≥ 1,000 req/s). Its exact total was a
-- count(*) over every user on each request; the unfiltered list now reads it from these counter rows,
-- kept by statement triggers as case_month_counts (migration 0007) keeps the case numbers.
CREATE TABLE user_counts (
  is_active boolean PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO user_counts (is_active, n) VALUES (true, 0), (false, 0);
--> statement-breakpoint
UPDATE user_counts c SET n = t.n FROM (SELECT is_active, count(*) AS n FROM users GROUP BY is_active) t
 WHERE c.is_active = t.is_active;
--> statement-breakpoint
-- One body for the three triggers. Both rows always exist, so every change is an UPDATE, taken in key
-- order (false before true) so two concurrent statements cannot deadlock.
CREATE OR REPLACE FUNCTION cm_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE user_counts c SET n = c.n + d.n
      FROM (SELECT is_active, count(*) AS n FROM new_users GROUP BY is_active ORDER BY is_active) d
     WHERE c.is_active = d.is_active;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE user_counts c SET n = c.n - d.n
      FROM (SELECT is_active, count(*) AS n FROM old_users GROUP BY is_active ORDER BY is_active) d
     WHERE c.is_active = d.is_active;
  ELSE
    UPDATE user_counts c SET n = c.n + d.n
      FROM (SELECT is_active, sum(delta) AS n FROM (
              SELECT is_active, 1 AS delta FROM new_users
              UNION ALL
              SELECT is_active, -1 FROM old_users
            ) changes GROUP BY is_active HAVING sum(delta) <> 0 ORDER BY is_active) d
     WHERE c.is_active = d.is_active;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_users();
--> statement-breakpoint
-- PostgreSQL allows no column list with transition tables; an edit that leaves is_active as it was
-- nets to zero (HAVING) and locks no counter row.
CREATE TRIGGER users_count_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_users();
--> statement-breakpoint
-- The list's order with the id and the active flag in the index: a page, also a deep one, is read by an
-- index-only scan (OFFSET walks index entries, not table rows); replaces users_list_order of 0016.
CREATE INDEX IF NOT EXISTS users_list_order_covering ON users (family_name, given_name, email)
  INCLUDE (id, is_active);
--> statement-breakpoint
DROP INDEX IF EXISTS users_list_order;
