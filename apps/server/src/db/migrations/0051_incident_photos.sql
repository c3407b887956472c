CREATE TABLE "incident_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_incident_fk" FOREIGN KEY ("business_id","incident_id") REFERENCES "public"."incidents"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_photos_incident" ON "incident_photos" USING btree ("business_id","incident_id","created_at");--> statement-breakpoint
-- Tenancy for incident_photos, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON incident_photos TO till_app;
--> statement-breakpoint
ALTER TABLE incident_photos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE incident_photos FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON incident_photos
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
