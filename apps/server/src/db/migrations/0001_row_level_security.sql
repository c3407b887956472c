-- Tenancy (ARCHITECTURE "Tenancy and security"). Each request's work runs in a transaction that
-- sets app.business_id with set_config(..., true) and switches to till_app, a role without
-- BYPASSRLS. Policies compare business_id with that setting; FORCE makes them apply to the
-- table owner too. Superusers bypass RLS whatever FORCE says, which is why the role switch matters.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'till_app') THEN
    CREATE ROLE till_app NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- The connecting user must be a member of till_app to SET ROLE to it.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'till_app', 'MEMBER') THEN
    EXECUTE format('GRANT till_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO till_app;
--> statement-breakpoint
CREATE FUNCTION app_current_business_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.business_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_business_id() TO till_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON businesses, business_settings, employees, audit_log TO till_app;
--> statement-breakpoint
GRANT SELECT ON profiles TO till_app;
--> statement-breakpoint
ALTER TABLE businesses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE businesses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON businesses
  USING (id = app_current_business_id())
  WITH CHECK (id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE business_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE business_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON business_settings
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE employees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON employees
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Profiles are read by account before a tenant is known (as the connecting user); under
-- till_app a request sees only its own business's profiles.
CREATE POLICY tenant_isolation ON profiles
  USING (business_id = app_current_business_id());
--> statement-breakpoint
-- SPEC §7: is_super_admin(user_id_param) returns boolean.
CREATE FUNCTION is_super_admin(user_id_param uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM super_admins WHERE user_id = user_id_param) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION is_super_admin(uuid) TO till_app;
