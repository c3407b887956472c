CREATE TABLE "register_pin_states" (
	"business_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "register_pin_states_register_id_employee_id_pk" PRIMARY KEY("register_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "employee_pin_attempts" ADD COLUMN "register_id" uuid;--> statement-breakpoint
ALTER TABLE "register_pin_states" ADD CONSTRAINT "register_pin_states_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_pin_states" ADD CONSTRAINT "register_pin_states_register_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."registers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_pin_states" ADD CONSTRAINT "register_pin_states_employee_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_pin_attempts_register_time_idx" ON "employee_pin_attempts" USING btree ("register_id","attempted_at");--> statement-breakpoint
-- Tenancy, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON register_pin_states TO till_app;
--> statement-breakpoint
ALTER TABLE register_pin_states ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE register_pin_states FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON register_pin_states
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
