-- Settings change the industry on the owner's profile (SPEC §2: industry mechanics changes menus),
-- inside the tenant transaction.
GRANT UPDATE (industry, business_name, full_name) ON profiles TO till_app;
--> statement-breakpoint
DROP POLICY tenant_isolation ON profiles;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON profiles
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
