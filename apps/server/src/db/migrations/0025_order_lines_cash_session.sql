ALTER TABLE "order_lines" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
CREATE INDEX "order_lines_cash_session" ON "order_lines" USING btree ("cash_session_id") WHERE "order_lines"."cash_session_id" is not null;--> statement-breakpoint
-- The lines of a sale joined to a drawer session carry its id too (the X and Z reports read a
-- session's lines by this index); earlier lines are filled from their orders.
UPDATE order_lines l SET cash_session_id = o.cash_session_id FROM orders o WHERE o.id = l.order_id AND o.cash_session_id IS NOT NULL;
--> statement-breakpoint
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
  UPDATE orders SET number = v_number, cash_session_id = v_session_id WHERE business_id = p_business_id AND id = v_order_id;
  RETURN jsonb_build_object('number', v_number, 'createdAt', v_created_at, 'cashSessionId', v_session_id);
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION till_write_sale(uuid, jsonb) FROM PUBLIC;
