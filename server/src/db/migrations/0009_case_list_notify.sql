-- Every change to what a page of the case list shows notifies 'cm_cases_changed' once per transaction
-- (PostgreSQL folds identical notifications), delivered at commit. Instances cache case-list pages only
-- while they listen, and drop them all on a notice (server/src/modules/cases/list-cache.ts).
CREATE OR REPLACE FUNCTION cm_notify_cases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cm_cases_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['cases', 'orders', 'order_devices', 'order_device_variants', 'shared_cases',
                           'deliveries', 'degradations', 'input_data', 'studies', 'organisations',
                           'interventions', 'devices', 'device_variants', 'rejection_reasons']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION cm_notify_cases_changed()', t || '_case_list_notify', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Users appear on the list only by name and e-mail (case responsible, shared by).
CREATE TRIGGER users_case_list_notify AFTER UPDATE OF email, given_name, family_name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cm_notify_cases_changed();
