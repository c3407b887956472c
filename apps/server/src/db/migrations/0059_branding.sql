CREATE TABLE "platform_branding" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"product_name" text NOT NULL,
	"sign_in_welcome" text NOT NULL,
	"primary_color" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "platform_branding_single_row" CHECK ("platform_branding"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "receipt_header" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "receipt_footer" text;--> statement-breakpoint
ALTER TABLE "platform_branding" ADD CONSTRAINT "platform_branding_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Seed: today's look (the --primary of index.css, oklch(0.205 0 0) = #171717, and the sign-in
-- page's words), so nothing changes until the super admin edits it (decision 057).
INSERT INTO "platform_branding" ("id", "product_name", "sign_in_welcome", "primary_color") VALUES
	(1, 'Till', 'Welcome back. Sign in to open your till and back office.', '#171717');
