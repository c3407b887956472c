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
CREATE TABLE "price_label_queue" (
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"old_price" bigint NOT NULL,
	"new_price" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_label_queue_business_id_product_id_pk" PRIMARY KEY("business_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "rebate_agreements" ADD CONSTRAINT "rebate_agreements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_agreements" ADD CONSTRAINT "rebate_agreements_supplier_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_label_queue" ADD CONSTRAINT "price_label_queue_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_label_queue" ADD CONSTRAINT "price_label_queue_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_agreements_business_supplier" ON "rebate_agreements" USING btree ("business_id","supplier_id");--> statement-breakpoint
CREATE INDEX "price_label_queue_business_time" ON "price_label_queue" USING btree ("business_id","queued_at");--> statement-breakpoint
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
--> statement-breakpoint
-- Tenancy for the labels-to-print queue, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON price_label_queue TO till_app;
--> statement-breakpoint
ALTER TABLE price_label_queue ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE price_label_queue FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON price_label_queue
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
