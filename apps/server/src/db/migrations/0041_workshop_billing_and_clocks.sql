CREATE TABLE "repair_job_clocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"hundredths" integer
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "till_claim_key" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "till_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "repair_job_clocks" ADD CONSTRAINT "repair_job_clocks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_job_clocks" ADD CONSTRAINT "repair_job_clocks_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_job_clocks" ADD CONSTRAINT "repair_job_clocks_job_id_repair_order_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."repair_order_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_job_clocks" ADD CONSTRAINT "repair_job_clocks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_job_clocks_one_running" ON "repair_job_clocks" USING btree ("business_id","employee_id") WHERE "repair_job_clocks"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "repair_job_clocks_job" ON "repair_job_clocks" USING btree ("business_id","job_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_business_appointment" ON "repair_orders" USING btree ("business_id","appointment_id") WHERE "repair_orders"."appointment_id" is not null;
--> statement-breakpoint
-- Tenancy for repair_job_clocks, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_job_clocks TO till_app;
--> statement-breakpoint
ALTER TABLE repair_job_clocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_job_clocks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_job_clocks
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE repair_job_clocks ADD CONSTRAINT repair_job_clocks_stop_after_start CHECK (stopped_at IS NULL OR (stopped_at >= started_at AND hundredths >= 0));
