-- No double booking (decision 032): an exclusion constraint over each staff member's booked time needs
-- btree_gist for the equality on employee_id; it is a trusted extension in PostgreSQL 13+ and PGlite ships it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointment_service_staff" (
	"business_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "appointment_service_staff_service_id_employee_id_pk" PRIMARY KEY("service_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_services_duration" CHECK ("appointment_services"."duration_minutes" between 5 and 720),
	CONSTRAINT "appointment_services_price" CHECK ("appointment_services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_email" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"notes" text,
	"price" bigint NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_span" CHECK ("appointments"."starts_at" < "appointments"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "staff_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_time_off_span" CHECK ("staff_time_off"."starts_on" <= "staff_time_off"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "staff_working_hours" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"break_start_minute" smallint,
	"break_end_minute" smallint,
	CONSTRAINT "staff_working_hours_employee_id_weekday_pk" PRIMARY KEY("employee_id","weekday"),
	CONSTRAINT "staff_working_hours_weekday" CHECK ("staff_working_hours"."weekday" between 1 and 7),
	CONSTRAINT "staff_working_hours_span" CHECK (0 <= "staff_working_hours"."start_minute" and "staff_working_hours"."start_minute" < "staff_working_hours"."end_minute" and "staff_working_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "appointment_service_staff" ADD CONSTRAINT "appointment_service_staff_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_service_staff" ADD CONSTRAINT "appointment_service_staff_service_id_appointment_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."appointment_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_service_staff" ADD CONSTRAINT "appointment_service_staff_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_appointment_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."appointment_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_off" ADD CONSTRAINT "staff_time_off_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_off" ADD CONSTRAINT "staff_time_off_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_working_hours" ADD CONSTRAINT "staff_working_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_working_hours" ADD CONSTRAINT "staff_working_hours_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_services_business_name" ON "appointment_services" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "appointments_business_time" ON "appointments" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_reminders_due" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'booked' and "appointments"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "staff_time_off_employee" ON "staff_time_off" USING btree ("business_id","employee_id","starts_on");
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap
  EXCLUDE USING gist (employee_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status <> 'cancelled');
--> statement-breakpoint
-- RLS
-- Tenancy for appointments and their set-up, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON appointment_services TO till_app;
--> statement-breakpoint
ALTER TABLE appointment_services ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_services FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON appointment_services
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON appointment_service_staff TO till_app;
--> statement-breakpoint
ALTER TABLE appointment_service_staff ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_service_staff FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON appointment_service_staff
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON staff_working_hours TO till_app;
--> statement-breakpoint
ALTER TABLE staff_working_hours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_working_hours FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON staff_working_hours
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON staff_time_off TO till_app;
--> statement-breakpoint
ALTER TABLE staff_time_off ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_time_off FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON staff_time_off
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON appointments TO till_app;
--> statement-breakpoint
ALTER TABLE appointments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON appointments
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
