CREATE TABLE "gift_card_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"initial_amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"currency" text NOT NULL,
	"order_id" uuid,
	"order_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_balance_not_negative" CHECK ("gift_cards"."balance" >= 0),
	CONSTRAINT "gift_cards_balance_at_most_initial" CHECK ("gift_cards"."balance" <= "gift_cards"."initial_amount")
);
--> statement-breakpoint
CREATE TABLE "loyalty_accounts" (
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"lifetime_points" bigint DEFAULT 0 NOT NULL,
	"lifetime_spend" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_accounts_business_id_customer_id_pk" PRIMARY KEY("business_id","customer_id"),
	CONSTRAINT "loyalty_accounts_points_not_negative" CHECK ("loyalty_accounts"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "loyalty" jsonb;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_card" ON "gift_card_entries" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_entries_order" ON "gift_card_entries" USING btree ("order_id") WHERE "gift_card_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_business_code" ON "gift_cards" USING btree ("business_id","code");--> statement-breakpoint
CREATE INDEX "gift_cards_business_created" ON "gift_cards" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_entries_customer" ON "loyalty_entries" USING btree ("business_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_entries_order" ON "loyalty_entries" USING btree ("order_id") WHERE "loyalty_entries"."order_id" is not null;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON loyalty_accounts TO till_app;
--> statement-breakpoint
ALTER TABLE loyalty_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_accounts
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON loyalty_entries TO till_app;
--> statement-breakpoint
ALTER TABLE loyalty_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_entries
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON gift_cards TO till_app;
--> statement-breakpoint
ALTER TABLE gift_cards ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gift_cards FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gift_cards
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON gift_card_entries TO till_app;
--> statement-breakpoint
ALTER TABLE gift_card_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gift_card_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gift_card_entries
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Decision 064: till_write_sale restated from 0049_store_stock_transfers.sql; it now also issues the
-- gift cards a sale sells, spends the cards and points that pay it (conditional UPDATEs under the row
-- lock: TL006 a card, TL007 points) and adds the points it earns, all in the sale's one statement.
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
  v_card record;
  v_balance bigint;
  v_loyalty jsonb := p_sale -> 'loyalty';
  v_customer_id uuid;
  v_points bigint;
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
  -- Decision 064: gift cards sold in this sale, with their issue entries.
  INSERT INTO gift_cards SELECT * FROM jsonb_populate_recordset(NULL::gift_cards, coalesce(p_sale -> 'giftCards', '[]'::jsonb));
  INSERT INTO gift_card_entries SELECT * FROM jsonb_populate_recordset(NULL::gift_card_entries, coalesce(p_sale -> 'giftCardEntries', '[]'::jsonb));
  -- Cards that pay, in id order; the balance is re-checked under each row lock, so two tills
  -- spending one card cannot take it below zero.
  FOR v_card IN
    SELECT t.gift_card_id, t.entry_id, t.amount, t.position
      FROM jsonb_to_recordset(coalesce(p_sale -> 'giftCardRedemptions', '[]'::jsonb)) AS t(gift_card_id uuid, entry_id uuid, amount bigint, position integer)
     ORDER BY t.gift_card_id
  LOOP
    UPDATE gift_cards SET balance = balance - v_card.amount
     WHERE business_id = p_business_id AND id = v_card.gift_card_id AND balance >= v_card.amount
    RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Not enough on the gift card' USING ERRCODE = 'TL006', DETAIL = v_card.gift_card_id::text;
    END IF;
    INSERT INTO gift_card_entries (id, business_id, gift_card_id, kind, amount, balance_after, order_id, refund_id, position, created_at)
      VALUES (v_card.entry_id, p_business_id, v_card.gift_card_id, 'redeem', -v_card.amount, v_balance, v_order_id, NULL, v_card.position,
              (p_sale -> 'order' ->> 'created_at')::timestamptz);
  END LOOP;
  -- The customer's points: spent ones re-checked under the account's row lock, earned ones added.
  IF v_loyalty IS NOT NULL AND jsonb_typeof(v_loyalty) = 'object' THEN
    v_customer_id := (v_loyalty ->> 'customerId')::uuid;
    INSERT INTO loyalty_accounts (business_id, customer_id) VALUES (p_business_id, v_customer_id) ON CONFLICT DO NOTHING;
    IF (v_loyalty ->> 'redeemPoints')::bigint > 0 THEN
      UPDATE loyalty_accounts SET points = points - (v_loyalty ->> 'redeemPoints')::bigint, updated_at = (p_sale -> 'order' ->> 'created_at')::timestamptz
       WHERE business_id = p_business_id AND customer_id = v_customer_id AND points >= (v_loyalty ->> 'redeemPoints')::bigint
      RETURNING points INTO v_points;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Not enough points' USING ERRCODE = 'TL007', DETAIL = v_customer_id::text;
      END IF;
      INSERT INTO loyalty_entries (id, business_id, customer_id, kind, points, spend, amount, balance_after, order_id, refund_id, created_at)
        VALUES ((v_loyalty ->> 'redeemEntryId')::uuid, p_business_id, v_customer_id, 'redeem', -(v_loyalty ->> 'redeemPoints')::bigint, 0,
                (v_loyalty ->> 'redeemAmount')::bigint, v_points, v_order_id, NULL, (p_sale -> 'order' ->> 'created_at')::timestamptz);
    END IF;
    IF (v_loyalty ->> 'earnPoints')::bigint > 0 OR (v_loyalty ->> 'spend')::bigint > 0 THEN
      UPDATE loyalty_accounts
         SET points = points + (v_loyalty ->> 'earnPoints')::bigint,
             lifetime_points = lifetime_points + (v_loyalty ->> 'earnPoints')::bigint,
             lifetime_spend = lifetime_spend + (v_loyalty ->> 'spend')::bigint,
             updated_at = (p_sale -> 'order' ->> 'created_at')::timestamptz
       WHERE business_id = p_business_id AND customer_id = v_customer_id
      RETURNING points INTO v_points;
      INSERT INTO loyalty_entries (id, business_id, customer_id, kind, points, spend, amount, balance_after, order_id, refund_id, created_at)
        VALUES ((v_loyalty ->> 'earnEntryId')::uuid, p_business_id, v_customer_id, 'earn', (v_loyalty ->> 'earnPoints')::bigint,
                (v_loyalty ->> 'spend')::bigint, 0, v_points, v_order_id, NULL, (p_sale -> 'order' ->> 'created_at')::timestamptz);
    END IF;
  END IF;
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
