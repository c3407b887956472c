CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"product_id" uuid,
	"category_id" uuid,
	"rule" jsonb NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"days_of_week" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_time" text,
	"end_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion" jsonb;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_business" ON "promotions" USING btree ("business_id","active");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON promotions TO till_app;
--> statement-breakpoint
ALTER TABLE promotions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE promotions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON promotions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE promotions ADD CONSTRAINT promotions_one_target CHECK ((product_id IS NULL) <> (category_id IS NULL));
--> statement-breakpoint
ALTER TABLE promotions ADD CONSTRAINT promotions_dates CHECK (starts_on IS NULL OR ends_on IS NULL OR ends_on >= starts_on);
