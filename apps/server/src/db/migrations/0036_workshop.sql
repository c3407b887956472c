CREATE TABLE "repair_order_inspection_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"condition" text,
	"notes" text,
	"photo_name" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_odometer_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"reading" integer NOT NULL,
	"repair_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"emailed_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"customer_name" text,
	"ip_address" text,
	"decisions" jsonb
);
--> statement-breakpoint
CREATE TABLE "repair_order_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"technician_employee_id" uuid,
	"approval" text DEFAULT 'pending' NOT NULL,
	"actual_hundredths" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hours_hundredths" integer,
	"rate" bigint,
	"product_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" bigint,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'estimate' NOT NULL,
	"concerns" text DEFAULT '' NOT NULL,
	"odometer" integer,
	"created_by_employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"vin" text,
	"plate" text,
	"make" text,
	"model" text,
	"year" integer,
	"engine" text,
	"colour" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshop_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"inspection_points" jsonb NOT NULL,
	"labour_rate" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repair_order_inspection_points" ADD CONSTRAINT "repair_order_inspection_points_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_inspection_points" ADD CONSTRAINT "repair_order_inspection_points_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_odometer_readings" ADD CONSTRAINT "vehicle_odometer_readings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_odometer_readings" ADD CONSTRAINT "vehicle_odometer_readings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_approvals" ADD CONSTRAINT "repair_order_approvals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_approvals" ADD CONSTRAINT "repair_order_approvals_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_jobs" ADD CONSTRAINT "repair_order_jobs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_jobs" ADD CONSTRAINT "repair_order_jobs_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_jobs" ADD CONSTRAINT "repair_order_jobs_technician_employee_id_employees_id_fk" FOREIGN KEY ("technician_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_lines" ADD CONSTRAINT "repair_order_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_lines" ADD CONSTRAINT "repair_order_lines_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_lines" ADD CONSTRAINT "repair_order_lines_job_id_repair_order_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."repair_order_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_lines" ADD CONSTRAINT "repair_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_settings" ADD CONSTRAINT "workshop_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_points_business_order" ON "repair_order_inspection_points" USING btree ("business_id","repair_order_id","position");--> statement-breakpoint
CREATE INDEX "odometer_business_vehicle" ON "vehicle_odometer_readings" USING btree ("business_id","vehicle_id","created_at");--> statement-breakpoint
CREATE INDEX "repair_approvals_business_order" ON "repair_order_approvals" USING btree ("business_id","repair_order_id");--> statement-breakpoint
CREATE INDEX "repair_jobs_business_order" ON "repair_order_jobs" USING btree ("business_id","repair_order_id","position");--> statement-breakpoint
CREATE INDEX "repair_lines_business_job" ON "repair_order_lines" USING btree ("business_id","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_business_number" ON "repair_orders" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "repair_orders_business_status" ON "repair_orders" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "repair_orders_business_vehicle" ON "repair_orders" USING btree ("business_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_business_vin" ON "vehicles" USING btree ("business_id","vin") WHERE "vehicles"."vin" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_business_plate" ON "vehicles" USING btree ("business_id","plate");--> statement-breakpoint
CREATE INDEX "vehicles_business_customer" ON "vehicles" USING btree ("business_id","customer_id");
--> statement-breakpoint
-- RLS
-- Tenancy for workshop_settings, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON workshop_settings TO till_app;
--> statement-breakpoint
ALTER TABLE workshop_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workshop_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workshop_settings
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for vehicles, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON vehicles TO till_app;
--> statement-breakpoint
ALTER TABLE vehicles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicles
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for vehicle_odometer_readings, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON vehicle_odometer_readings TO till_app;
--> statement-breakpoint
ALTER TABLE vehicle_odometer_readings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicle_odometer_readings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicle_odometer_readings
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for repair_orders, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_orders TO till_app;
--> statement-breakpoint
ALTER TABLE repair_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_orders
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for repair_order_inspection_points, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_order_inspection_points TO till_app;
--> statement-breakpoint
ALTER TABLE repair_order_inspection_points ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_order_inspection_points FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_order_inspection_points
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for repair_order_jobs, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_order_jobs TO till_app;
--> statement-breakpoint
ALTER TABLE repair_order_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_order_jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_order_jobs
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for repair_order_lines, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_order_lines TO till_app;
--> statement-breakpoint
ALTER TABLE repair_order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_order_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_order_lines
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for repair_order_approvals, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_order_approvals TO till_app;
--> statement-breakpoint
ALTER TABLE repair_order_approvals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_order_approvals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_order_approvals
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- A customer's answer to an approval link is kept as given: once decided, the row cannot change.
CREATE FUNCTION repair_approval_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.decided_at IS NOT NULL THEN
    RAISE EXCEPTION 'a decided repair approval cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER repair_approval_is_final BEFORE UPDATE ON repair_order_approvals
  FOR EACH ROW EXECUTE FUNCTION repair_approval_is_final();
