-- The case list must stay fast on 100,000 cases (bench/cases): fragment search on the case and patient
-- identifiers uses trigram indexes instead of scanning every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cases_case_identifier_trgm ON cases USING gin (case_identifier gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cases_patient_identifier_trgm ON cases USING gin (patient_identifier gin_trgm_ops);
--> statement-breakpoint
-- Exact number of cases per organisation and status, kept by the triggers below: the list's `count`
-- without counting tens of thousands of rows on every page.
CREATE TABLE case_counts (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  status smallint NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organisation_id, status)
);
--> statement-breakpoint
INSERT INTO case_counts (organisation_id, status, n)
  SELECT organisation_id, status, count(*) FROM cases GROUP BY organisation_id, status;
--> statement-breakpoint
-- One body for the three statement triggers: each sees only the transition tables of its own event, and an
-- update that changes neither status nor organisation nets to nothing and touches no counter row.
CREATE OR REPLACE FUNCTION cm_count_cases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO case_counts AS cc (organisation_id, status, n)
      SELECT organisation_id, status, count(*) FROM new_cases GROUP BY organisation_id, status
      ON CONFLICT (organisation_id, status) DO UPDATE SET n = cc.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE case_counts cc SET n = cc.n - d.n
      FROM (SELECT organisation_id, status, count(*) AS n FROM old_cases GROUP BY organisation_id, status) d
     WHERE cc.organisation_id = d.organisation_id AND cc.status = d.status;
  ELSE
    INSERT INTO case_counts AS cc (organisation_id, status, n)
      SELECT organisation_id, status, sum(delta) FROM (
        SELECT organisation_id, status, 1 AS delta FROM new_cases
        UNION ALL
        SELECT organisation_id, status, -1 FROM old_cases
      ) d GROUP BY organisation_id, status HAVING sum(delta) <> 0
      ORDER BY organisation_id, status
      ON CONFLICT (organisation_id, status) DO UPDATE SET n = cc.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cases_count_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_cases();
--> statement-breakpoint
CREATE TRIGGER cases_count_update AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_cases();
--> statement-breakpoint
CREATE TRIGGER cases_count_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS old_cases
  FOR EACH STATEMENT EXECUTE FUNCTION cm_count_cases();
