CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_business_id_unique" UNIQUE("business_id")
);
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domains_provider" ON "sso_domains" USING btree ("provider_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_providers TO till_app;
--> statement-breakpoint
ALTER TABLE sso_providers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_providers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_providers
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_domains TO till_app;
--> statement-breakpoint
ALTER TABLE sso_domains ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_domains FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_domains
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
