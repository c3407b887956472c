CREATE TABLE "platform_chatbot_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"openai_model" text DEFAULT 'gpt-4o-mini' NOT NULL,
	"greeting" text DEFAULT 'Hi! How can I help you today?' NOT NULL,
	"primary_color" text DEFAULT '#3b82f6' NOT NULL,
	"transcript_retention_days" integer DEFAULT 30 NOT NULL,
	"can_edit_code" boolean DEFAULT false NOT NULL,
	"can_edit_database" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "unanswered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A new business's chatbot settings start from the platform's defaults, read inside its fenced
-- transaction: the tenant role may read them; only the platform (the connecting role) changes them.
GRANT SELECT ON platform_chatbot_defaults TO till_app;
--> statement-breakpoint
INSERT INTO platform_chatbot_defaults (id) VALUES (1) ON CONFLICT DO NOTHING;
