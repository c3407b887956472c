CREATE TABLE "register_pairing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"store_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"created_by_employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"register_id" uuid
);
--> statement-breakpoint
DROP INDEX "registers_business_name";--> statement-breakpoint
ALTER TABLE "employee_sessions" ADD COLUMN "register_id" uuid;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "credential_hash" text;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "paired_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "paired_by_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "register_pairing_codes" ADD CONSTRAINT "register_pairing_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_pairing_codes" ADD CONSTRAINT "register_pairing_codes_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "register_pairing_codes_hash" ON "register_pairing_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "register_pairing_codes_business" ON "register_pairing_codes" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "employee_sessions" ADD CONSTRAINT "employee_sessions_register_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."registers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_sessions_active_register_idx" ON "employee_sessions" USING btree ("register_id") WHERE "employee_sessions"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "registers_business_name" ON "registers" USING btree ("business_id",lower("name")) WHERE "registers"."is_active";--> statement-breakpoint
-- Tenancy for pairing codes, as in 0001_row_level_security.sql. Redeeming a code on a device
-- that has no business yet runs as the connecting role (decision 006), by the code's hash.
GRANT SELECT, INSERT, UPDATE, DELETE ON register_pairing_codes TO till_app;
--> statement-breakpoint
ALTER TABLE register_pairing_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE register_pairing_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON register_pairing_codes
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
