CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"employee_id" uuid,
	"actor_user_id" uuid,
	"employee_name" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"number" integer,
	"opening_float" bigint NOT NULL,
	"opening_denominations" jsonb,
	"opening_note" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by_employee_id" uuid,
	"opened_by_user_id" uuid,
	"opened_by_name" text NOT NULL,
	"open_idempotency_key" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_employee_id" uuid,
	"closed_by_user_id" uuid,
	"closed_by_name" text,
	"close_idempotency_key" uuid,
	"counted_cash" bigint,
	"expected_cash" bigint,
	"cash_difference" bigint,
	"net_sales" bigint,
	"approved_by_employee_id" uuid,
	"report" jsonb
);
--> statement-breakpoint
CREATE TABLE "z_report_counters" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "cash_variance_threshold" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "cashiers_close_own_session" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cash_session_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_session_id_cash_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD CONSTRAINT "cash_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD CONSTRAINT "cash_sessions_register_fk" FOREIGN KEY ("business_id","register_id") REFERENCES "public"."registers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_report_counters" ADD CONSTRAINT "z_report_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_session" ON "cash_movements" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_movements_business_key" ON "cash_movements" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_register_open" ON "cash_sessions" USING btree ("business_id","register_id") WHERE "cash_sessions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_business_number" ON "cash_sessions" USING btree ("business_id","number") WHERE "cash_sessions"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sessions_open_key" ON "cash_sessions" USING btree ("business_id","open_idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_sessions_business_closed" ON "cash_sessions" USING btree ("business_id","closed_at");--> statement-breakpoint
CREATE INDEX "orders_cash_session" ON "orders" USING btree ("cash_session_id") WHERE "orders"."cash_session_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_cash_session" ON "payments" USING btree ("cash_session_id") WHERE "payments"."cash_session_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_cash_session" ON "refunds" USING btree ("cash_session_id") WHERE "refunds"."cash_session_id" is not null;--> statement-breakpoint
-- Tenancy, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON cash_sessions, cash_movements, z_report_counters TO till_app;
--> statement-breakpoint
ALTER TABLE cash_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cash_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cash_sessions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE cash_movements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cash_movements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cash_movements
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE z_report_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE z_report_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON z_report_counters
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- A sale on a register joins the drawer session open there (issue 12). The session row is read
-- with a share lock, so a close (which takes it FOR UPDATE) waits for sales in flight and then
-- counts them, and a sale arriving after the close finds no open session: exactly one session.
-- p_sale ->> 'cashSession': 'required' (cash taken with cash_management on: no session → TL003),
-- 'attach' (join one if open) or 'none'.
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
