-- Tenancy for the employee-session and time-clock tables, as in 0001_row_level_security.sql:
-- till_app may use them, and only the rows of the business set in app.business_id.
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_sessions, employee_pin_attempts, time_clock TO till_app;
--> statement-breakpoint
ALTER TABLE employee_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON employee_sessions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE employee_pin_attempts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_pin_attempts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON employee_pin_attempts
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE time_clock ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_clock FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON time_clock
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
