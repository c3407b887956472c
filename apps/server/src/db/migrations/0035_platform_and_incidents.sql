CREATE TABLE "business_subscriptions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"assigned_by_user_id" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"feature" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"business_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_mode" CHECK ("feature_flags"."mode" in ('default', 'off', 'on', 'selected'))
);
--> statement-breakpoint
CREATE TABLE "platform_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_price" integer NOT NULL,
	"currency" text NOT NULL,
	"max_stores" integer,
	"max_registers" integer,
	"max_employees" integer,
	"max_products" integer,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_name_unique" UNIQUE("name"),
	CONSTRAINT "subscription_plans_price" CHECK ("subscription_plans"."monthly_price" >= 0),
	CONSTRAINT "subscription_plans_limits" CHECK (coalesce("subscription_plans"."max_stores", 0) >= 0 and coalesce("subscription_plans"."max_registers", 0) >= 0 and coalesce("subscription_plans"."max_employees", 0) >= 0 and coalesce("subscription_plans"."max_products", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "incident_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"description" text NOT NULL,
	"owner_employee_id" uuid,
	"is_done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text,
	"description" text NOT NULL,
	"people_involved" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_by_employee_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_business_id_id_unique" UNIQUE("business_id","id"),
	CONSTRAINT "incidents_type" CHECK ("incidents"."type" in ('breakage', 'complaint', 'accident', 'theft', 'other')),
	CONSTRAINT "incidents_severity" CHECK ("incidents"."severity" in ('low', 'medium', 'high')),
	CONSTRAINT "incidents_status" CHECK ("incidents"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_assigned_by_user_id_user_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD CONSTRAINT "platform_audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_incident_fk" FOREIGN KEY ("business_id","incident_id") REFERENCES "public"."incidents"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_owner_fk" FOREIGN KEY ("business_id","owner_employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_one_default" ON "subscription_plans" USING btree ("is_default") WHERE "subscription_plans"."is_default";--> statement-breakpoint
CREATE INDEX "incident_actions_incident" ON "incident_actions" USING btree ("business_id","incident_id");--> statement-breakpoint
CREATE INDEX "incidents_business_occurred" ON "incidents" USING btree ("business_id","occurred_at");
--> statement-breakpoint
-- Seed: three plans. Pro (no limits) is the default, so every business that exists now, and every
-- new one until the super admin says otherwise, keeps doing all it did.
INSERT INTO subscription_plans (id, name, description, monthly_price, currency, max_stores, max_registers, max_employees, max_products, features, is_active, is_default, sort_order) VALUES
  ('00000000-0000-4000-8000-00000000f4ee', 'Free', 'For trying Till in one small shop.', 0, 'USD', 1, 1, 3, 100,
   '["pos_system","inventory_management","customer_management","reporting_analytics","sales_reports","barcode_scanning","cash_management"]'::jsonb, true, false, 10),
  ('00000000-0000-4000-8000-0000000057a7', 'Starter', 'For a growing shop with a small team.', 2900, 'USD', 1, 3, 15, 2000,
   '["pos_system","inventory_management","customer_management","employee_management","reporting_analytics","sales_reports","barcode_scanning","cash_management","time_tracking","low_stock_alerts","multiple_payments","price_labels","inventory_adjustments"]'::jsonb, true, false, 20),
  ('00000000-0000-4000-8000-000000000970', 'Pro', 'Every feature, no limits: for busy and multi-store businesses.', 7900, 'USD', NULL, NULL, NULL, NULL,
   '["pos_system","inventory_management","customer_management","employee_management","reporting_analytics","appointments_booking","vehicle_services","quickbooks_integration","kitchen_display","time_tracking","multi_store","loyalty_program","purchase_orders","invoice_generation","cash_management","price_labels","barcode_scanning","multiple_payments","inventory_adjustments","low_stock_alerts","supplier_management","promotions_pricing","sales_reports","employee_performance","basic_accounting"]'::jsonb, true, true, 30);
--> statement-breakpoint
-- RLS
-- Plans are the same for every business: the app role reads them (limit checks run in a business's transaction).
GRANT SELECT ON subscription_plans TO till_app;
--> statement-breakpoint
-- Tenancy for a business's plan, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON business_subscriptions TO till_app;
--> statement-breakpoint
ALTER TABLE business_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE business_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON business_subscriptions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for incidents, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON incidents TO till_app;
--> statement-breakpoint
ALTER TABLE incidents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE incidents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON incidents
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for incident follow-up actions, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON incident_actions TO till_app;
--> statement-breakpoint
ALTER TABLE incident_actions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE incident_actions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON incident_actions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
