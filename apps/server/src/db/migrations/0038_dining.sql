CREATE TABLE "dining_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"x" integer DEFAULT 0 NOT NULL,
	"y" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 96 NOT NULL,
	"height" integer DEFAULT 96 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_bill_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"lines" jsonb NOT NULL,
	"payment_key" uuid,
	"payment_claimed_at" timestamp with time zone,
	"order_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD COLUMN "seat" integer;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "dining_areas" ADD CONSTRAINT "dining_areas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_area_id_dining_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."dining_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_bill_parts" ADD CONSTRAINT "kitchen_bill_parts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_bill_parts" ADD CONSTRAINT "kitchen_bill_parts_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_bill_parts" ADD CONSTRAINT "kitchen_bill_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_areas_business_name" ON "dining_areas" USING btree ("business_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_business_name" ON "dining_tables" USING btree ("business_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_bill_parts_ticket_position" ON "kitchen_bill_parts" USING btree ("ticket_id","position");--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_tickets_open_table" ON "kitchen_tickets" USING btree ("business_id","table_id") WHERE status = 'open' and table_id is not null;
--> statement-breakpoint
ALTER TABLE dining_areas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE dining_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dining_areas
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE dining_tables ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE dining_tables FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dining_tables
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE kitchen_bill_parts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kitchen_bill_parts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON kitchen_bill_parts
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON dining_areas, dining_tables, kitchen_bill_parts TO till_app;
--> statement-breakpoint
ALTER TABLE kitchen_ticket_items ADD CONSTRAINT kitchen_ticket_items_seat CHECK (seat IS NULL OR seat BETWEEN 1 AND 99);
--> statement-breakpoint
ALTER TABLE dining_tables ADD CONSTRAINT dining_tables_seats CHECK (seats BETWEEN 1 AND 40);
