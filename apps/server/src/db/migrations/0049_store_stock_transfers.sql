CREATE TABLE "employee_stores" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	CONSTRAINT "employee_stores_pk" PRIMARY KEY("business_id","employee_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_pk" PRIMARY KEY("business_id","product_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"from_store_id" uuid NOT NULL,
	"to_store_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text,
	"send_key" uuid,
	"receive_key" uuid,
	"created_by_user_id" uuid,
	"created_by_employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_business_id_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "employee_stores" ADD CONSTRAINT "employee_stores_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_stores" ADD CONSTRAINT "employee_stores_employee_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_stores" ADD CONSTRAINT "employee_stores_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_fk" FOREIGN KEY ("business_id","transfer_id") REFERENCES "public"."stock_transfers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_store_fk" FOREIGN KEY ("business_id","from_store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_store_fk" FOREIGN KEY ("business_id","to_store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_business_store" ON "product_stock" USING btree ("business_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_lines_transfer_product" ON "stock_transfer_lines" USING btree ("business_id","transfer_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_product" ON "stock_transfer_lines" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_business_created" ON "stock_transfers" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Decision 044. Today's stock moves into each business's first (default) store: its movements
-- name that store and its per-store stock is the product's stock number, so a one-store
-- business sees nothing change.
UPDATE stock_movements m SET store_id = s.id
  FROM stores s
  WHERE s.business_id = m.business_id AND s.is_default AND m.store_id IS NULL;
--> statement-breakpoint
INSERT INTO product_stock (business_id, store_id, product_id, quantity)
  SELECT p.business_id, s.id, p.id, p.stock_quantity
    FROM products p JOIN stores s ON s.business_id = p.business_id AND s.is_default
   WHERE p.stock_quantity <> 0;
--> statement-breakpoint
-- Tenancy for the new tables, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON product_stock, stock_transfers, stock_transfer_lines, employee_stores TO till_app;
--> statement-breakpoint
ALTER TABLE product_stock ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_stock FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_stock
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE stock_transfers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_transfers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_transfers
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE stock_transfer_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_transfer_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_transfer_lines
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE employee_stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON employee_stores
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE stock_transfer_lines ADD CONSTRAINT stock_transfer_lines_quantities CHECK (quantity > 0 AND (received_quantity IS NULL OR received_quantity >= 0));
--> statement-breakpoint
ALTER TABLE stock_transfers ADD CONSTRAINT stock_transfers_two_stores CHECK (from_store_id <> to_store_id);
--> statement-breakpoint
-- Every movement names the store whose shelf moved and adds its delta to that store's stock, in
-- the same statement: whoever writes a movement (the sale function, refunds, receiving,
-- adjustments, counts, waste, transfers) keeps "stock per store = sum of its movements". A
-- writer that leaves the store out gets the order's store (a sale or refund at a till of another
-- store), else the default store. A sale may not take a store of a multi-store business below
-- zero unless the business allows negative stock (the checkout rule; SQLSTATE TL001 is 409
-- insufficient_stock).
CREATE FUNCTION till_stock_movement_store() RETURNS trigger
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
  INSERT INTO product_stock AS ps (business_id, store_id, product_id, quantity)
    VALUES (NEW.business_id, NEW.store_id, NEW.product_id, NEW.quantity_delta)
    ON CONFLICT (business_id, product_id, store_id) DO UPDATE SET quantity = ps.quantity + EXCLUDED.quantity, updated_at = now()
    RETURNING quantity INTO v_quantity;
  -- With one store its stock is the product's number, which the sale function has just checked
  -- under the product's row lock: the check here is for businesses with more than one store.
  IF NEW.reason = 'sale' AND NEW.quantity_delta < 0 AND v_quantity < 0
     AND EXISTS (SELECT 1 FROM stores s WHERE s.business_id = NEW.business_id AND NOT s.is_default)
     AND NOT coalesce((SELECT bs.allow_negative_stock FROM business_settings bs WHERE bs.business_id = NEW.business_id), false) THEN
    RAISE EXCEPTION 'Not enough stock in this store' USING ERRCODE = 'TL001', DETAIL = NEW.product_id::text;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_store BEFORE INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION till_stock_movement_store();
--> statement-breakpoint
-- The sale function of 0025, with one change: the stock movements are written after the
-- products are locked (see the trigger above).
CREATE OR REPLACE FUNCTION till_write_sale(p_business_id uuid, p_sale jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql
AS $$
DECLARE
  v_order_id uuid := (p_sale -> 'order' ->> 'id')::uuid;
  v_parked boolean := coalesce((p_sale ->> 'paysParkedOrder')::boolean, false);
  v_allow_negative boolean := coalesce((p_sale ->> 'allowNegativeStock')::boolean, false);
  v_register_id uuid := (p_sale -> 'order' ->> 'register_id')::uuid;
  v_cash_rule text := coalesce(p_sale ->> 'cashSession', 'none');
  v_session_id uuid;
  v_take record;
  v_number integer;
  v_created_at timestamptz;
BEGIN
  PERFORM set_config('app.business_id', p_business_id::text, true), set_config('role', 'till_app', true);
  IF v_register_id IS NOT NULL AND v_cash_rule <> 'none' THEN
    SELECT id INTO v_session_id FROM cash_sessions
     WHERE business_id = p_business_id AND register_id = v_register_id AND status = 'open'
     FOR SHARE;
    IF v_session_id IS NULL AND v_cash_rule = 'required' THEN
      RAISE EXCEPTION 'No cash drawer session is open on this till' USING ERRCODE = 'TL003';
    END IF;
  END IF;
  IF v_parked THEN
    UPDATE orders o
       SET (status, customer_id, employee_id, actor_user_id, currency, prices_include_tax, order_discount, subtotal,
            discount_total, tax_total, total, paid_total, note, idempotency_key, request_hash, paid_at, register_id)
         = (r.status, r.customer_id, r.employee_id, r.actor_user_id, r.currency, r.prices_include_tax, r.order_discount, r.subtotal,
            r.discount_total, r.tax_total, r.total, r.paid_total, r.note, r.idempotency_key, r.request_hash, r.paid_at,
            coalesce(r.register_id, o.register_id))
      FROM jsonb_populate_record(NULL::orders, p_sale -> 'order') r
     WHERE o.business_id = p_business_id AND o.id = v_order_id AND o.status = 'parked'
    RETURNING o.created_at INTO v_created_at;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'That sale is not parked any more' USING ERRCODE = 'TL002';
    END IF;
    DELETE FROM order_lines WHERE business_id = p_business_id AND order_id = v_order_id;
  ELSE
    INSERT INTO orders SELECT * FROM jsonb_populate_record(NULL::orders, p_sale -> 'order')
    RETURNING created_at INTO v_created_at;
  END IF;
  INSERT INTO order_lines SELECT * FROM jsonb_populate_recordset(NULL::order_lines, p_sale -> 'lines');
  INSERT INTO payments SELECT * FROM jsonb_populate_recordset(NULL::payments, p_sale -> 'payments');
  IF v_session_id IS NOT NULL THEN
    UPDATE payments SET cash_session_id = v_session_id WHERE business_id = p_business_id AND order_id = v_order_id AND refund_id IS NULL;
    UPDATE order_lines SET cash_session_id = v_session_id WHERE business_id = p_business_id AND order_id = v_order_id;
  END IF;
  INSERT INTO order_events SELECT * FROM jsonb_populate_recordset(NULL::order_events, p_sale -> 'events');
  INSERT INTO audit_log SELECT * FROM jsonb_populate_recordset(NULL::audit_log, p_sale -> 'audits');
  -- The row lock of each UPDATE serialises sales of the same product and the condition is
  -- re-checked after the lock: no oversell.
  FOR v_take IN
    SELECT t.product_id, t.quantity FROM jsonb_to_recordset(p_sale -> 'stockTakes') AS t(product_id uuid, quantity integer)
    ORDER BY t.product_id
  LOOP
    UPDATE products
       SET stock_quantity = stock_quantity - v_take.quantity
     WHERE business_id = p_business_id AND id = v_take.product_id
       AND (v_allow_negative OR stock_quantity >= v_take.quantity);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Not enough stock' USING ERRCODE = 'TL001', DETAIL = v_take.product_id::text;
    END IF;
  END LOOP;
  -- After the products' row locks (decision 044): its trigger then updates each store's stock
  -- in the same lock order as every other stock writer, and refuses a store going below zero.
  INSERT INTO stock_movements SELECT * FROM jsonb_populate_recordset(NULL::stock_movements, p_sale -> 'stockMovements');
  INSERT INTO order_counters (business_id, last_number) VALUES (p_business_id, 1)
    ON CONFLICT (business_id) DO UPDATE SET last_number = order_counters.last_number + 1
    RETURNING last_number INTO v_number;
  UPDATE orders SET number = v_number, cash_session_id = v_session_id WHERE business_id = p_business_id AND id = v_order_id;
  RETURN jsonb_build_object('number', v_number, 'createdAt', v_created_at, 'cashSessionId', v_session_id);
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION till_write_sale(uuid, jsonb) FROM PUBLIC;
