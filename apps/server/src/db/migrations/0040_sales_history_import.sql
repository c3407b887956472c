CREATE TABLE "sales_history_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb,
	"actor_user_id" uuid,
	"actor_employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_history_imports_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "sales_history_imports" ADD CONSTRAINT "sales_history_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_history_imports_business_idempotency" ON "sales_history_imports" USING btree ("business_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_import_fk" FOREIGN KEY ("business_id","import_id") REFERENCES "public"."sales_history_imports"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_business_external_ref" ON "orders" USING btree ("business_id","external_ref") WHERE "orders"."external_ref" is not null;
--> statement-breakpoint
-- Tenancy for sales_history_imports, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON sales_history_imports TO till_app;
--> statement-breakpoint
ALTER TABLE sales_history_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_history_imports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sales_history_imports
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- An imported order never takes one of the till's gap-free numbers (issue 15 item 3).
ALTER TABLE orders ADD CONSTRAINT orders_imported_unnumbered CHECK (import_id IS NULL OR number IS NULL);
