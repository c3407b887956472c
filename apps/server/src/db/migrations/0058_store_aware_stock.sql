ALTER TABLE "goods_receipts" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD COLUMN "shelf" text;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "waste_records" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "product_stock" ADD COLUMN "shelf" text;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_records" ADD CONSTRAINT "waste_records_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 049: deliveries, adjustments, waste and counts name their store. Those written before moved the
-- main (default) store's stock (decision 044), so they are given it.
UPDATE goods_receipts g SET store_id = s.id FROM stores s WHERE s.business_id = g.business_id AND s.is_default AND g.store_id IS NULL;--> statement-breakpoint
UPDATE stock_adjustments a SET store_id = s.id FROM stores s WHERE s.business_id = a.business_id AND s.is_default AND a.store_id IS NULL;--> statement-breakpoint
UPDATE waste_records w SET store_id = s.id FROM stores s WHERE s.business_id = w.business_id AND s.is_default AND w.store_id IS NULL;--> statement-breakpoint
UPDATE stock_counts c SET store_id = s.id FROM stores s WHERE s.business_id = c.business_id AND s.is_default AND c.store_id IS NULL;--> statement-breakpoint
-- A count by shelf reads the products placed on one shelf of one store.
CREATE INDEX "product_stock_store_shelf" ON "product_stock" ("business_id", "store_id", lower("shelf")) WHERE "shelf" IS NOT NULL;
