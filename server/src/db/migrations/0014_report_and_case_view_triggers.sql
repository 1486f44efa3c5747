-- The case list shows whether a case has a PDF report (hasPdfReport): a report arriving or going changes
-- a page of the list, so study resources notify 'cm_cases_changed' like the other tables it reads
-- (0009_case_list_notify.sql).
CREATE TRIGGER study_resources_case_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON study_resources
  FOR EACH STATEMENT EXECUTE FUNCTION cm_notify_cases_changed();
--> statement-breakpoint
-- cases.status_changed_at: when the case or one of its orders last changed status, for the case list's
-- "changed since you last opened it" badge (server/src/modules/cases/unseen-changes.ts). Kept by triggers so
-- that every transition, from any code path (services, jobs, seeds), counts. CREATED -> SUBMITTED is left
-- out: it is the uploader's own step, not news to them.
CREATE OR REPLACE FUNCTION cm_case_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> 1 THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cases_status_changed BEFORE UPDATE OF status ON cases
  FOR EACH ROW EXECUTE FUNCTION cm_case_status_changed();
--> statement-breakpoint
-- An order delivered, undelivered, obsoleted or canceled changes what the case shows ('ready' …).
CREATE OR REPLACE FUNCTION cm_order_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE cases SET status_changed_at = now() WHERE id = NEW.case_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_status_changed AFTER UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION cm_order_status_changed();
--> statement-breakpoint
-- Opening a case changes its badge on the list: cached list pages are dropped (migration 0009).
CREATE TRIGGER case_views_case_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON case_views
  FOR EACH STATEMENT EXECUTE FUNCTION cm_notify_cases_changed();
