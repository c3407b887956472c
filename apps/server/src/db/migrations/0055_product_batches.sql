CREATE TABLE "product_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"lot_number" text DEFAULT '' NOT NULL,
	"expiry_date" date,
	"quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_batches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "waste_records" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_batches_lot" ON "product_batches" USING btree ("business_id","product_id","store_id","lot_number");--> statement-breakpoint
CREATE INDEX "product_batches_business_expiry" ON "product_batches" USING btree ("business_id","expiry_date");--> statement-breakpoint
-- Tenancy for the new table, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON product_batches TO till_app;
--> statement-breakpoint
ALTER TABLE product_batches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_batches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_batches
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Batches (decision 048). Fires after stock_movements_store (triggers of one kind fire in name
-- order), so the movement's store is known. A movement naming its batch adds its delta to that
-- batch, which must be the product's, in the movement's store, and may not go below zero (TL001,
-- 409 insufficient_stock: a sale raced another for the last units of a lot). A movement of a
-- batch-tracked product naming none (adjustments, counts, waste, transfers, voids, invoices paid
-- at the till) takes a decrease first-expiry-first-out and puts an increase, or what the batches
-- could not cover, in the store's "no lot" batch: a store's batches always add up to its stock.
-- Lock order as every stock writer: products (by the writer), product_stock, then the batches.
CREATE FUNCTION till_stock_movement_batch() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  v_left integer;
  v_take integer;
  v_batch record;
BEGIN
  IF NEW.batch_id IS NOT NULL THEN
    UPDATE product_batches b SET quantity = b.quantity + NEW.quantity_delta, updated_at = now()
     WHERE b.business_id = NEW.business_id AND b.id = NEW.batch_id AND b.product_id = NEW.product_id AND b.store_id = NEW.store_id
    RETURNING b.quantity INTO v_left;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'The batch is not this product''s in this store' USING ERRCODE = 'TL005', DETAIL = NEW.product_id::text;
    END IF;
    IF v_left < 0 THEN
      RAISE EXCEPTION 'Not enough left in the batch' USING ERRCODE = 'TL001', DETAIL = NEW.product_id::text;
    END IF;
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products p WHERE p.business_id = NEW.business_id AND p.id = NEW.product_id AND p.track_batches) THEN
    RETURN NEW;
  END IF;
  v_left := NEW.quantity_delta;
  IF v_left < 0 THEN
    FOR v_batch IN
      SELECT b.id, b.quantity FROM product_batches b
       WHERE b.business_id = NEW.business_id AND b.product_id = NEW.product_id AND b.store_id = NEW.store_id AND b.quantity > 0
       ORDER BY b.expiry_date NULLS LAST, b.created_at, b.id
       FOR UPDATE
    LOOP
      EXIT WHEN v_left = 0;
      v_take := least(v_batch.quantity, -v_left);
      UPDATE product_batches SET quantity = quantity - v_take, updated_at = now() WHERE id = v_batch.id;
      v_left := v_left + v_take;
    END LOOP;
  END IF;
  IF v_left <> 0 THEN
    INSERT INTO product_batches AS b (business_id, product_id, store_id, lot_number, quantity)
      VALUES (NEW.business_id, NEW.product_id, NEW.store_id, '', v_left)
      ON CONFLICT (business_id, product_id, store_id, lot_number) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, updated_at = now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_store_batch BEFORE INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION till_stock_movement_batch();
