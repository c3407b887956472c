CREATE TABLE "appointment_booking_pages" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"link_key" text NOT NULL,
	"min_notice_hours" integer DEFAULT 2 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"welcome_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_booking_pages_notice" CHECK ("appointment_booking_pages"."min_notice_hours" between 0 and 720),
	CONSTRAINT "appointment_booking_pages_horizon" CHECK ("appointment_booking_pages"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "appointment_services" ADD COLUMN "bookable_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "client_key" uuid;--> statement-breakpoint
ALTER TABLE "appointment_booking_pages" ADD CONSTRAINT "appointment_booking_pages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_client_key" ON "appointments" USING btree ("business_id","client_key") WHERE "appointments"."client_key" is not null;--> statement-breakpoint
-- Tenancy for appointment_booking_pages, as in 0001_row_level_security.sql (decision 040).
GRANT SELECT, INSERT, UPDATE, DELETE ON appointment_booking_pages TO till_app;
--> statement-breakpoint
ALTER TABLE appointment_booking_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_booking_pages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON appointment_booking_pages
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_source CHECK (source IN ('staff', 'online'));
