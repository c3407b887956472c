ALTER TABLE "customers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "industry_templates" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "industry_templates" ADD COLUMN "receipt_header" text;--> statement-breakpoint
ALTER TABLE "industry_templates" ADD COLUMN "receipt_footer" text;--> statement-breakpoint
ALTER TABLE "industry_templates" ADD COLUMN "dining_areas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "industry_templates" ADD COLUMN "inspection_points" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tags" ON "customers" USING gin ("tags");--> statement-breakpoint
-- Campaign sends write their outbox rows inside the tenant transaction that claims the campaign
-- (decision 065), so the rows and the claim commit together. INSERT only: the tenant role still
-- reads nothing of the outbox, and the rows carry ids made by the server (no RETURNING).
GRANT INSERT ON outbox_messages TO till_app;
