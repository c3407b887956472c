CREATE TABLE "low_stock_digests" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_count" integer NOT NULL,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "low_stock_digests_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "low_stock_digests" ADD CONSTRAINT "low_stock_digests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenancy for low_stock_digests, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON low_stock_digests TO till_app;
--> statement-breakpoint
ALTER TABLE low_stock_digests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE low_stock_digests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON low_stock_digests
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
