-- Deep pages of the all-organisations case list (bench/cases: page 3,000 of 100,000 cases) without
-- walking tens of thousands of index entries: exact case numbers per creation month (UTC) and status tell
-- which month a page starts in, so OFFSET only skips rows within that month.
CREATE TABLE case_month_counts (
  month timestamp NOT NULL,
  status smallint NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (month, status)
);
--> statement-breakpoint
INSERT INTO case_month_counts (month, status, n)
  SELECT date_trunc('month', date_created AT TIME ZONE 'UTC'), status, count(*) FROM cases GROUP BY 1, 2;
--> statement-breakpoint
-- As cm_count_cases (migration 0006): one body for the three statement triggers, rows locked in key order.
CREATE OR REPLACE FUNCTION cm_count_case_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO case_month_counts AS cc (month, status, n)
      SELECT date_trunc('month', date_created AT TIME ZONE 'UTC'), status, count(*) FROM new_cases
       GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (month, status) DO UPDATE SET n = cc.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE case_month_counts cc SET n = cc.n - d.n
      FROM (SELECT date_trunc('month', date_created AT TIME ZONE 'UTC') AS month, status, count(*) AS n
              FROM old_cases GROUP BY 1, 2) d
     WHERE cc.month = d.month AND cc.status = d.status;
  ELSE
    INSERT INTO case_month_counts AS cc (month, status, n)
      SELECT month, status, sum(delta) FROM (
        SELECT date_trunc('month', date_created AT TIME ZONE 'UTC') AS month, status, 1 AS delta FROM new_cases
        UNION ALL
        SELECT date_trunc('month', date_created AT TIME ZONE 'UTC'), status, -1 FROM old_cases
      ) d GROUP BY month, status HAVING sum(delta) <> 0
      ORDER BY month, status
      ON CONFLICT (month, status) DO UPDATE SET n = cc.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cases_count_months_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_case_months();
--> statement-breakpoint
CREATE TRIGGER cases_count_months_update AFTER UPDATE ON cases
  REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_case_months();
--> statement-breakpoint
CREATE TRIGGER cases_count_months_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS old_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_case_months();
