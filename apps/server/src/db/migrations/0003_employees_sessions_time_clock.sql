CREATE TABLE "employee_pin_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"employee_id" uuid,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"session_end" timestamp with time zone,
	"client_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_clock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"clock_in_time" timestamp with time zone NOT NULL,
	"clock_out_time" timestamp with time zone,
	"break_start_time" timestamp with time zone,
	"break_end_time" timestamp with time zone,
	"total_hours" numeric(8, 2),
	"overtime_hours" numeric(8, 2),
	"corrected_at" timestamp with time zone,
	"corrected_by_user_id" uuid,
	"corrected_by_employee_id" uuid,
	"correction_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pin_lookup" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "failed_pin_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "setup_code_lookup" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "setup_code_expires_at" timestamp with time zone;--> statement-breakpoint
-- Moved ahead of the foreign keys that reference it (drizzle-kit emits it last).
ALTER TABLE "employees" ADD CONSTRAINT "employees_business_id_id_unique" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "employee_pin_attempts" ADD CONSTRAINT "employee_pin_attempts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_sessions" ADD CONSTRAINT "employee_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_sessions" ADD CONSTRAINT "employee_sessions_employee_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_clock" ADD CONSTRAINT "time_clock_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_clock" ADD CONSTRAINT "time_clock_employee_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_pin_attempts_business_time_idx" ON "employee_pin_attempts" USING btree ("business_id","attempted_at");--> statement-breakpoint
CREATE INDEX "employee_sessions_active_employee_idx" ON "employee_sessions" USING btree ("employee_id") WHERE "employee_sessions"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "time_clock_one_open_per_employee" ON "time_clock" USING btree ("employee_id") WHERE "time_clock"."clock_out_time" is null;--> statement-breakpoint
CREATE INDEX "time_clock_business_clock_in_idx" ON "time_clock" USING btree ("business_id","clock_in_time");--> statement-breakpoint
CREATE INDEX "time_clock_employee_clock_in_idx" ON "time_clock" USING btree ("employee_id","clock_in_time");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_business_pin_lookup_unique" ON "employees" USING btree ("business_id","pin_lookup");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_setup_code_lookup_unique" ON "employees" USING btree ("setup_code_lookup");