CREATE TABLE "kitchen_stage_lists" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"stages" jsonb NOT NULL,
	"ready_index" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD COLUMN "stage_name" text;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD COLUMN "stage_name" text;--> statement-breakpoint
ALTER TABLE "kitchen_stage_lists" ADD CONSTRAINT "kitchen_stage_lists_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Tenancy for kitchen_stage_lists, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON kitchen_stage_lists TO till_app;
--> statement-breakpoint
ALTER TABLE kitchen_stage_lists ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kitchen_stage_lists FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON kitchen_stage_lists
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE kitchen_stage_lists ADD CONSTRAINT kitchen_stage_lists_shape CHECK (jsonb_typeof(stages) = 'array' AND jsonb_array_length(stages) BETWEEN 2 AND 6 AND ready_index >= 0 AND ready_index < jsonb_array_length(stages) - 1);
