-- A sale in two statements instead of fifteen (decision 007). Each function fences itself the
-- way withTenant does: app.business_id and the till_app role are set for the current
-- transaction only, so everything after the first line runs under row-level security. Called
-- on its own, the statement is its own transaction: the sale is written whole or not at all.
-- The pricing stays in packages/core; these functions only read what it needs and write
-- what it decided.

-- What checkout needs before pricing: the business's sales settings, the first result of the
-- idempotency key (if any), whether the customer exists, and the cart's sellable products with
-- their tax rates (a product without its own rate takes the business's default rate).
CREATE FUNCTION till_sale_context(p_business_id uuid, p_product_ids uuid[], p_idempotency_key uuid, p_customer_id uuid)
  RETURNS jsonb
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('app.business_id', p_business_id::text, true), set_config('role', 'till_app', true);
  RETURN jsonb_build_object(
    'settings', (
      SELECT jsonb_build_object(
        'currency', b.currency,
        'pricesIncludeTax', coalesce(s.prices_include_tax, false),
        'allowNegativeStock', coalesce(s.allow_negative_stock, false))
      FROM businesses b LEFT JOIN business_settings s ON s.business_id = b.id
      WHERE b.id = p_business_id),
    'existing', (
      SELECT jsonb_build_object('id', o.id, 'requestHash', o.request_hash)
      FROM orders o
      WHERE o.business_id = p_business_id AND o.idempotency_key = p_idempotency_key),
    'customerExists', p_customer_id IS NULL OR EXISTS (
      SELECT 1 FROM customers c WHERE c.business_id = p_business_id AND c.id = p_customer_id),
    'products', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', p.id,
        'name', p.name,
        'sku', p.sku,
        'price', p.price,
        'trackStock', p.track_stock,
        'taxRateBasisPoints', coalesce(
          t.basis_points,
          (SELECT d.basis_points FROM tax_rates d WHERE d.business_id = p.business_id AND d.is_default LIMIT 1),
          0)))
      FROM products p LEFT JOIN tax_rates t ON t.id = p.tax_rate_id
      WHERE p.business_id = p_business_id AND p.id = ANY (p_product_ids) AND p.is_active), '[]'::jsonb));
END
$$;
--> statement-breakpoint
-- Writes one priced sale: the order (or the parked order it pays), its lines, payments, stock
-- movements, history and audit entries, takes the stock and gives the order its number. The rows
-- come as JSON with column names as keys. The shared locks come last so they are held for as
-- short a time as possible: tracked products in id order (concurrent sales never deadlock),
-- then the business's order counter (a rolled-back sale gives its number back: no gaps).
-- Errors: TL001 not enough stock (DETAIL: the product id), TL002 the parked sale is gone.
CREATE FUNCTION till_write_sale(p_business_id uuid, p_sale jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql
AS $$
DECLARE
  v_order_id uuid := (p_sale -> 'order' ->> 'id')::uuid;
  v_parked boolean := coalesce((p_sale ->> 'paysParkedOrder')::boolean, false);
  v_allow_negative boolean := coalesce((p_sale ->> 'allowNegativeStock')::boolean, false);
  v_take record;
  v_number integer;
  v_created_at timestamptz;
BEGIN
  PERFORM set_config('app.business_id', p_business_id::text, true), set_config('role', 'till_app', true);
  IF v_parked THEN
    UPDATE orders o
       SET (status, customer_id, employee_id, actor_user_id, currency, prices_include_tax, order_discount, subtotal,
            discount_total, tax_total, total, paid_total, note, idempotency_key, request_hash, paid_at)
         = (r.status, r.customer_id, r.employee_id, r.actor_user_id, r.currency, r.prices_include_tax, r.order_discount, r.subtotal,
            r.discount_total, r.tax_total, r.total, r.paid_total, r.note, r.idempotency_key, r.request_hash, r.paid_at)
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
  INSERT INTO stock_movements SELECT * FROM jsonb_populate_recordset(NULL::stock_movements, p_sale -> 'stockMovements');
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
  INSERT INTO order_counters (business_id, last_number) VALUES (p_business_id, 1)
    ON CONFLICT (business_id) DO UPDATE SET last_number = order_counters.last_number + 1
    RETURNING last_number INTO v_number;
  UPDATE orders SET number = v_number WHERE business_id = p_business_id AND id = v_order_id;
  RETURN jsonb_build_object('number', v_number, 'createdAt', v_created_at);
END
$$;
--> statement-breakpoint
-- Each function sets the tenant from its argument, so a till_app session (or any other role)
-- must not be able to call it; only the application's own connection user does.
REVOKE EXECUTE ON FUNCTION till_sale_context(uuid, uuid[], uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION till_write_sale(uuid, jsonb) FROM PUBLIC;
