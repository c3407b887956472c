-- Stock per store, set-based (decision 060). Until now every movement ran till_stock_movement_store
-- for its own row: one upsert of product_stock per row, so a 5,000-line count posted 5,000
-- upserts from PL/pgSQL (about a quarter of its time on PGlite). Now:
-- - the row trigger still fires BEFORE each row that names no store (it gets the order's store,
--   else the main store, as before: the batch trigger after it needs the store) and for each
--   sale row, which still adds its delta to product_stock at once and checks a multi-store
--   business's store against going below zero exactly as before (SQLSTATE TL001);
-- - every other movement (receipts, adjustments, waste, counts, transfers, refunds, voids) adds
--   to product_stock in one grouped upsert per statement, after it, in (product, store) order.
-- At the end of each statement product_stock holds what the row-by-row trigger left: a store's
-- stock is still the sum of its movements, and row-level security applies as before (the
-- triggers run as the writer). Writers lock their products first, so taking product_stock rows
-- after the batches within one statement cannot deadlock. till_stock_movement_batch (0055) is
-- unchanged.
CREATE OR REPLACE FUNCTION till_stock_movement_store() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  v_quantity integer;
BEGIN
  IF NEW.store_id IS NULL AND NEW.order_id IS NOT NULL THEN
    SELECT o.store_id INTO NEW.store_id FROM orders o WHERE o.business_id = NEW.business_id AND o.id = NEW.order_id;
  END IF;
  IF NEW.store_id IS NULL THEN
    SELECT s.id INTO NEW.store_id FROM stores s WHERE s.business_id = NEW.business_id AND s.is_default;
  END IF;
  -- Other reasons are added by till_stock_movements_store_rows, once per statement.
  IF NEW.reason IS DISTINCT FROM 'sale' THEN
    RETURN NEW;
  END IF;
  INSERT INTO product_stock AS ps (business_id, store_id, product_id, quantity)
    VALUES (NEW.business_id, NEW.store_id, NEW.product_id, NEW.quantity_delta)
    ON CONFLICT (business_id, product_id, store_id) DO UPDATE SET quantity = ps.quantity + EXCLUDED.quantity, updated_at = now()
    RETURNING quantity INTO v_quantity;
  -- With one store its stock is the product's number, which the sale function has just checked
  -- under the product's row lock: the check here is for businesses with more than one store.
  IF NEW.quantity_delta < 0 AND v_quantity < 0
     AND EXISTS (SELECT 1 FROM stores s WHERE s.business_id = NEW.business_id AND NOT s.is_default)
     AND NOT coalesce((SELECT bs.allow_negative_stock FROM business_settings bs WHERE bs.business_id = NEW.business_id), false) THEN
    RAISE EXCEPTION 'Not enough stock in this store' USING ERRCODE = 'TL001', DETAIL = NEW.product_id::text;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER stock_movements_store ON stock_movements;
--> statement-breakpoint
-- Same name, so it still fires before stock_movements_store_batch (triggers of one kind fire in name order).
CREATE TRIGGER stock_movements_store BEFORE INSERT ON stock_movements
  FOR EACH ROW WHEN (NEW.store_id IS NULL OR NEW.reason = 'sale') EXECUTE FUNCTION till_stock_movement_store();
--> statement-breakpoint
CREATE FUNCTION till_stock_movements_store_rows() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO product_stock AS ps (business_id, store_id, product_id, quantity)
  SELECT n.business_id, n.store_id, n.product_id, sum(n.quantity_delta)::integer
    FROM new_rows n
   WHERE n.reason IS DISTINCT FROM 'sale'
   GROUP BY n.business_id, n.product_id, n.store_id
   ORDER BY n.business_id, n.product_id, n.store_id
  ON CONFLICT (business_id, product_id, store_id) DO UPDATE SET quantity = ps.quantity + EXCLUDED.quantity, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_store_rows AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_stock_movements_store_rows();
