CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_excerpt" text,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_business_id" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("business_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" USING btree ("business_id","endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_business" ON "webhook_endpoints" USING btree ("business_id","created_at");--> statement-breakpoint
-- Tenancy for the webhook tables, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints, webhook_deliveries TO till_app;
--> statement-breakpoint
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_endpoints
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events CHECK (cardinality(events) BETWEEN 1 AND 4 AND events <@ ARRAY['order.created', 'order.refunded', 'stock.low', 'z_report.closed']::text[]);
--> statement-breakpoint
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status CHECK (status IN ('pending', 'delivered', 'failed'));
--> statement-breakpoint
-- Event capture (decision 046): the sale, refund, Z close and stock change write their webhook
-- deliveries in their own transaction, through triggers, so no writer has to remember it and a
-- rolled-back sale sends nothing. Without an enabled endpoint for the event a trigger costs one
-- index probe of webhook_endpoints; till_write_sale's statements are unchanged.
CREATE FUNCTION webhook_enqueue(p_business_id uuid, p_type text, p_data jsonb) RETURNS void
  LANGUAGE plpgsql
AS $$
DECLARE
  v_event_id uuid := gen_random_uuid();
BEGIN
  INSERT INTO webhook_deliveries (business_id, endpoint_id, event_id, event_type, payload, next_attempt_at)
  SELECT e.business_id, e.id, v_event_id, p_type,
         jsonb_build_object(
           'id', v_event_id,
           'type', p_type,
           'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'business_id', p_business_id,
           'data', p_data),
         now()
    FROM webhook_endpoints e
   WHERE e.business_id = p_business_id AND e.enabled AND p_type = ANY (e.events);
END
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_wanted(p_business_id uuid, p_type text) RETURNS boolean
  LANGUAGE sql STABLE
AS $$ SELECT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.business_id = p_business_id AND e.enabled AND p_type = ANY (e.events)) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION webhook_enqueue(uuid, text, jsonb), webhook_wanted(uuid, text) TO till_app;
--> statement-breakpoint
CREATE FUNCTION webhook_order_created() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF webhook_wanted(NEW.business_id, 'order.created') THEN
    PERFORM webhook_enqueue(NEW.business_id, 'order.created', jsonb_build_object(
      'order_id', NEW.id, 'number', NEW.number, 'status', NEW.status, 'currency', NEW.currency,
      'subtotal', NEW.subtotal, 'discount_total', NEW.discount_total, 'tax_total', NEW.tax_total,
      'total', NEW.total, 'paid_total', NEW.paid_total, 'customer_id', NEW.customer_id,
      'store_id', NEW.store_id, 'register_id', NEW.register_id, 'cash_session_id', NEW.cash_session_id,
      'paid_at', NEW.paid_at));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A sale is numbered when it is paid (till_write_sale's last UPDATE; a parked order paid later
-- too); imported history is never numbered and never announced.
CREATE TRIGGER orders_webhook_created_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.number IS NOT NULL AND NEW.import_id IS NULL) EXECUTE FUNCTION webhook_order_created();
--> statement-breakpoint
CREATE TRIGGER orders_webhook_created_numbered AFTER UPDATE OF number ON orders
  FOR EACH ROW WHEN (OLD.number IS NULL AND NEW.number IS NOT NULL AND NEW.import_id IS NULL) EXECUTE FUNCTION webhook_order_created();
--> statement-breakpoint
CREATE FUNCTION webhook_order_refunded() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  v_order record;
BEGIN
  IF webhook_wanted(NEW.business_id, 'order.refunded') THEN
    SELECT number, currency, total INTO v_order FROM orders WHERE business_id = NEW.business_id AND id = NEW.order_id;
    PERFORM webhook_enqueue(NEW.business_id, 'order.refunded', jsonb_build_object(
      'refund_id', NEW.id, 'order_id', NEW.order_id, 'order_number', v_order.number, 'currency', v_order.currency,
      'order_total', v_order.total, 'net', NEW.net, 'tax', NEW.tax, 'total', NEW.total, 'reason', NEW.reason,
      'cash_session_id', NEW.cash_session_id, 'created_at', NEW.created_at));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_webhook AFTER INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION webhook_order_refunded();
--> statement-breakpoint
CREATE FUNCTION webhook_z_report_closed() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF webhook_wanted(NEW.business_id, 'z_report.closed') THEN
    PERFORM webhook_enqueue(NEW.business_id, 'z_report.closed', jsonb_build_object(
      'cash_session_id', NEW.id, 'number', NEW.number, 'register_id', NEW.register_id,
      'currency', (SELECT b.currency FROM businesses b WHERE b.id = NEW.business_id),
      'net_sales', NEW.net_sales, 'opening_float', NEW.opening_float, 'counted_cash', NEW.counted_cash,
      'expected_cash', NEW.expected_cash, 'cash_difference', NEW.cash_difference,
      'opened_at', NEW.opened_at, 'closed_at', NEW.closed_at, 'closed_by', NEW.closed_by_name));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cash_sessions_webhook_closed AFTER UPDATE OF status ON cash_sessions
  FOR EACH ROW WHEN (OLD.status = 'open' AND NEW.status = 'closed') EXECUTE FUNCTION webhook_z_report_closed();
--> statement-breakpoint
CREATE FUNCTION webhook_stock_low() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF webhook_wanted(NEW.business_id, 'stock.low') THEN
    PERFORM webhook_enqueue(NEW.business_id, 'stock.low', jsonb_build_object(
      'product_id', NEW.id, 'name', NEW.name, 'sku', NEW.sku, 'stock_quantity', NEW.stock_quantity,
      'previous_stock_quantity', OLD.stock_quantity, 'low_stock_threshold', NEW.low_stock_threshold));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the crossing: a product already low that sells again announces nothing new.
CREATE TRIGGER products_webhook_stock_low AFTER UPDATE OF stock_quantity ON products
  FOR EACH ROW WHEN (NEW.track_stock AND NEW.is_active AND NEW.low_stock_threshold IS NOT NULL
                     AND NEW.stock_quantity <= NEW.low_stock_threshold AND OLD.stock_quantity > NEW.low_stock_threshold)
  EXECUTE FUNCTION webhook_stock_low();
