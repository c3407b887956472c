-- Tenancy for the chatbot tables, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON chatbot_settings, chat_sessions, chat_messages, chat_feedback TO till_app;
--> statement-breakpoint
ALTER TABLE chatbot_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chatbot_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_settings
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE chat_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chat_sessions
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE chat_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chat_messages
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE chat_feedback ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_feedback FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chat_feedback
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- The database assistant's read-only path (docs/decisions/011). Two roles without BYPASSRLS:
-- till_ai_views owns the reporting views and may read only the columns they show, so the base
-- tables' row-level security applies inside every view; till_ai_reader runs the assistant's
-- SELECT and may read only the views. Nobody logs in as either; the server switches to
-- till_ai_reader inside a read-only transaction after it has fixed app.business_id.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'till_ai_views') THEN
    CREATE ROLE till_ai_views NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'till_ai_reader') THEN
    CREATE ROLE till_ai_reader NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'till_ai_reader', 'MEMBER') THEN
    EXECUTE format('GRANT till_ai_reader TO %I', current_user);
  END IF;
  IF NOT pg_has_role(current_user, 'till_ai_views', 'MEMBER') THEN
    EXECUTE format('GRANT till_ai_views TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO till_ai_views, till_ai_reader;
--> statement-breakpoint
GRANT SELECT (id, time_zone) ON businesses TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, number, status, customer_id, currency, subtotal, discount_total, tax_total, total, paid_total, refunded_total, created_at, paid_at) ON orders TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, order_id, product_id, name, sku, unit_price, quantity, gross, line_discount_amount, net, tax, total, refunded_quantity) ON order_lines TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, order_id, method, amount, created_at) ON payments TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, name, sku, barcode, category_id, price, cost, track_stock, stock_quantity, low_stock_threshold, is_active, created_at, updated_at) ON products TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, name, sort_order, is_active) ON categories TO till_ai_views;
--> statement-breakpoint
GRANT SELECT (id, business_id, name, created_at) ON customers TO till_ai_views;
--> statement-breakpoint
-- Each view also filters by the tenant itself (defence in depth beside the tables' policies).
CREATE VIEW ai_orders WITH (security_barrier) AS
  SELECT id, number, status, customer_id, currency, subtotal, discount_total, tax_total, total, paid_total, refunded_total, created_at, paid_at
  FROM orders WHERE business_id = app_current_business_id();
--> statement-breakpoint
CREATE VIEW ai_order_lines WITH (security_barrier) AS
  SELECT id, order_id, product_id, name, sku, unit_price, quantity, gross, line_discount_amount AS discount, net, tax, total, refunded_quantity
  FROM order_lines WHERE business_id = app_current_business_id();
--> statement-breakpoint
CREATE VIEW ai_payments WITH (security_barrier) AS
  SELECT id, order_id, method, amount, created_at
  FROM payments WHERE business_id = app_current_business_id();
--> statement-breakpoint
CREATE VIEW ai_products WITH (security_barrier) AS
  SELECT id, name, sku, barcode, category_id, price, cost, track_stock, stock_quantity, low_stock_threshold, is_active, created_at, updated_at
  FROM products WHERE business_id = app_current_business_id();
--> statement-breakpoint
CREATE VIEW ai_categories WITH (security_barrier) AS
  SELECT id, name, sort_order, is_active
  FROM categories WHERE business_id = app_current_business_id();
--> statement-breakpoint
-- Customers by name only: no email, phone or notes leave through the assistant.
CREATE VIEW ai_customers WITH (security_barrier) AS
  SELECT id, name, created_at
  FROM customers WHERE business_id = app_current_business_id();
--> statement-breakpoint
-- Paid sales per day in the business's time zone.
CREATE VIEW ai_daily_sales WITH (security_barrier) AS
  SELECT (o.paid_at AT TIME ZONE b.time_zone)::date AS day,
         o.currency,
         count(*)::integer AS order_count,
         sum(o.subtotal)::bigint AS subtotal,
         sum(o.discount_total)::bigint AS discount_total,
         sum(o.tax_total)::bigint AS tax_total,
         sum(o.total)::bigint AS total,
         sum(o.refunded_total)::bigint AS refunded_total
  FROM orders o JOIN businesses b ON b.id = o.business_id
  WHERE o.business_id = app_current_business_id()
    AND o.paid_at IS NOT NULL
    AND o.status IN ('paid', 'partially_refunded', 'refunded')
  GROUP BY 1, 2;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_orders OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_order_lines OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_payments OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_products OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_categories OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_customers OWNER TO till_ai_views;
--> statement-breakpoint
ALTER VIEW ai_daily_sales OWNER TO till_ai_views;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM till_ai_views;
--> statement-breakpoint
GRANT SELECT ON ai_orders, ai_order_lines, ai_payments, ai_products, ai_categories, ai_customers, ai_daily_sales TO till_ai_reader;
