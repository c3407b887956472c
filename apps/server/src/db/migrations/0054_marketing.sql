CREATE TABLE "marketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link_url" text,
	"segment_id" uuid,
	"segment_name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"attribution_days" integer DEFAULT 7 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_key" text,
	"sent_at" timestamp with time zone,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_campaigns_status" CHECK ("marketing_campaigns"."status" in ('draft', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "marketing_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"first_clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_segment_id_marketing_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."marketing_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_segments" ADD CONSTRAINT "marketing_segments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_campaigns_business" ON "marketing_campaigns" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_campaign_customer" ON "marketing_recipients" USING btree ("campaign_id","customer_id");--> statement-breakpoint
CREATE INDEX "marketing_recipients_business_customer" ON "marketing_recipients" USING btree ("business_id","customer_id");--> statement-breakpoint
CREATE INDEX "marketing_segments_business" ON "marketing_segments" USING btree ("business_id","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON marketing_segments, marketing_campaigns, marketing_recipients TO till_app;
--> statement-breakpoint
ALTER TABLE marketing_segments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE marketing_segments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON marketing_segments
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE marketing_campaigns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE marketing_campaigns FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON marketing_campaigns
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE marketing_recipients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE marketing_recipients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON marketing_recipients
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
