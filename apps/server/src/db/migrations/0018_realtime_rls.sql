-- Realtime and shared state across app processes (decision 013).
-- realtime_messages holds business data: fenced like every business table (0001, 0006).
GRANT SELECT, INSERT, DELETE ON realtime_messages TO till_app;
--> statement-breakpoint
ALTER TABLE realtime_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE realtime_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON realtime_messages
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Every app process LISTENs on till_realtime. These triggers tell them, when the transaction
-- commits, that something they may hold in memory has changed: a signed-in session, a
-- business's settings or owner, an employee's role, flags or activity, an employee session.
-- They sit on tables written rarely; a NOTIFY inside a transaction serialises its commit with
-- every other notifying commit, so the hot sale path publishes after its commit instead.
CREATE FUNCTION till_notify_state_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  message jsonb;
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    message := jsonb_build_object('k', 'session_ended', 's', OLD.id, 'u', OLD.user_id);
  ELSIF TG_TABLE_NAME = 'businesses' THEN
    message := jsonb_build_object('k', 'business_changed', 'b', NEW.id);
  ELSIF TG_TABLE_NAME = 'business_settings' THEN
    message := jsonb_build_object('k', 'business_changed', 'b', COALESCE(NEW.business_id, OLD.business_id));
  ELSIF TG_TABLE_NAME = 'employees' THEN
    message := jsonb_build_object('k', 'employee_changed', 'b', COALESCE(NEW.business_id, OLD.business_id), 'e', COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'employee_sessions' THEN
    IF NEW.is_active OR NOT OLD.is_active THEN
      RETURN NULL;
    END IF;
    message := jsonb_build_object('k', 'employee_session_ended', 'b', NEW.business_id, 's', NEW.id);
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('till_realtime', message::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER till_session_ended AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION till_notify_state_changed();
--> statement-breakpoint
CREATE TRIGGER till_business_changed AFTER UPDATE ON businesses
  FOR EACH ROW EXECUTE FUNCTION till_notify_state_changed();
--> statement-breakpoint
CREATE TRIGGER till_business_settings_changed AFTER INSERT OR UPDATE OR DELETE ON business_settings
  FOR EACH ROW EXECUTE FUNCTION till_notify_state_changed();
--> statement-breakpoint
CREATE TRIGGER till_employee_changed AFTER UPDATE OF role, permissions, admin_permissions, is_active OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION till_notify_state_changed();
--> statement-breakpoint
CREATE TRIGGER till_employee_session_ended AFTER UPDATE OF is_active ON employee_sessions
  FOR EACH ROW EXECUTE FUNCTION till_notify_state_changed();
