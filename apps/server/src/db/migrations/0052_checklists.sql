CREATE TABLE "checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "checklist_items_business_id_id_unique" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklist_ticks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"done_by_user_id" uuid NOT NULL,
	"done_by_employee_id" uuid,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"store_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_business_id_id_unique" UNIQUE("business_id","id"),
	CONSTRAINT "checklists_kind" CHECK ("checklists"."kind" in ('opening', 'closing', 'other'))
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checklist_fk" FOREIGN KEY ("business_id","checklist_id") REFERENCES "public"."checklists"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."checklist_items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_employee_fk" FOREIGN KEY ("business_id","done_by_employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_checklist" ON "checklist_items" USING btree ("business_id","checklist_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_ticks_item_store_day" ON "checklist_ticks" USING btree ("business_id","item_id","store_id","day");--> statement-breakpoint
CREATE INDEX "checklists_business" ON "checklists" USING btree ("business_id");--> statement-breakpoint
-- Tenancy for checklists, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON checklists TO till_app;
--> statement-breakpoint
ALTER TABLE checklists ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checklists FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checklists
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for checklist_items, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON checklist_items TO till_app;
--> statement-breakpoint
ALTER TABLE checklist_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checklist_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checklist_items
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for checklist_ticks, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON checklist_ticks TO till_app;
--> statement-breakpoint
ALTER TABLE checklist_ticks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checklist_ticks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checklist_ticks
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
