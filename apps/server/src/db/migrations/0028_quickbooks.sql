CREATE TABLE "quickbooks_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"format" text NOT NULL,
	"export_count" integer DEFAULT 1 NOT NULL,
	"first_exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_by_name" text NOT NULL,
	"exported_by_user_id" uuid,
	"exported_by_employee_id" uuid,
	CONSTRAINT "quickbooks_exports_format" CHECK ("quickbooks_exports"."format" in ('csv', 'iif'))
);
--> statement-breakpoint
CREATE TABLE "quickbooks_mappings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"default_income_account" text NOT NULL,
	"category_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_tax_account" text NOT NULL,
	"tax_rate_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cash_account" text NOT NULL,
	"card_account" text NOT NULL,
	"other_account" text NOT NULL,
	"over_short_account" text NOT NULL,
	"discounts_account" text NOT NULL,
	"refunds_account" text,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quickbooks_exports" ADD CONSTRAINT "quickbooks_exports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_exports" ADD CONSTRAINT "quickbooks_exports_session_id_cash_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_mappings" ADD CONSTRAINT "quickbooks_mappings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_exports_session" ON "quickbooks_exports" USING btree ("business_id","session_id");--> statement-breakpoint
-- RLS
-- Tenancy, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON quickbooks_mappings TO till_app;
--> statement-breakpoint
ALTER TABLE quickbooks_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quickbooks_mappings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quickbooks_mappings
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quickbooks_exports TO till_app;
--> statement-breakpoint
ALTER TABLE quickbooks_exports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quickbooks_exports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quickbooks_exports
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
