CREATE TABLE "rebate_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"product_ids" uuid[],
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rebate_agreements" ADD CONSTRAINT "rebate_agreements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_agreements" ADD CONSTRAINT "rebate_agreements_supplier_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_agreements_business_supplier" ON "rebate_agreements" USING btree ("business_id","supplier_id");--> statement-breakpoint
-- RLS
-- Tenancy for rebate agreements, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON rebate_agreements TO till_app;
--> statement-breakpoint
ALTER TABLE rebate_agreements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rebate_agreements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON rebate_agreements
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
