CREATE TABLE "kitchen_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warn_after_seconds" integer DEFAULT 480 NOT NULL,
	"late_after_seconds" integer DEFAULT 900 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_ticket_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"category_id" uuid,
	"quantity" integer NOT NULL,
	"note" text,
	"round" integer DEFAULT 1 NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"changed_from" jsonb,
	"changed_at" timestamp with time zone,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"business_day" date NOT NULL,
	"number" integer NOT NULL,
	"order_type" text NOT NULL,
	"table_label" text,
	"guests" integer,
	"stage" text DEFAULT 'new' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"order_id" uuid,
	"payment_key" uuid,
	"payment_claimed_at" timestamp with time zone,
	"register_id" uuid,
	"employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_stations_business_name" ON "kitchen_stations" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "kitchen_ticket_items_ticket" ON "kitchen_ticket_items" USING btree ("ticket_id","round","position");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_tickets_business_day_number" ON "kitchen_tickets" USING btree ("business_id","business_day","number");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_tickets_business_key" ON "kitchen_tickets" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_business_status" ON "kitchen_tickets" USING btree ("business_id","status","stage_changed_at");--> statement-breakpoint
ALTER TABLE kitchen_stations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kitchen_stations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON kitchen_stations
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE kitchen_tickets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kitchen_tickets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON kitchen_tickets
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE kitchen_ticket_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kitchen_ticket_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON kitchen_ticket_items
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON kitchen_stations, kitchen_tickets, kitchen_ticket_items TO till_app;
