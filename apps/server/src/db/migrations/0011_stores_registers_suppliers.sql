CREATE TABLE "registers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registers_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone" text,
	"time_zone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "register_id" uuid;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registers_business_name" ON "registers" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "registers_business_store" ON "registers" USING btree ("business_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_business_name" ON "stores" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stores_business_default" ON "stores" USING btree ("business_id") WHERE "stores"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_business_name" ON "suppliers" USING btree ("business_id",lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_register_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."registers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_business_store_created" ON "orders" USING btree ("business_id","store_id","created_at");