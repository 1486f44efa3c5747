-- The case list shows whether a case has a PDF report (hasPdfReport): a report arriving or going changes
-- a page of the list, so study resources notify 'cm_cases_changed' like the other tables it reads
-- (0009_case_list_notify.sql).
CREATE TRIGGER study_resources_case_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON study_resources
  FOR EACH STATEMENT EXECUTE FUNCTION cm_notify_cases_changed();
