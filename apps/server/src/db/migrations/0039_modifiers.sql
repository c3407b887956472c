ALTER TABLE "order_lines" ADD COLUMN "modifiers" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "modifier_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD COLUMN "modifiers" jsonb;
--> statement-breakpoint
-- Hand tail (decision 035). Modifier groups are a JSON array on their product (so they share its
-- row-level security); order lines and kitchen items keep what was chosen as a JSON snapshot.
ALTER TABLE "products" ADD CONSTRAINT "products_modifier_groups_array" CHECK (jsonb_typeof(modifier_groups) = 'array');
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_modifiers_array" CHECK (modifiers IS NULL OR jsonb_typeof(modifiers) = 'array');
--> statement-breakpoint
ALTER TABLE "kitchen_ticket_items" ADD CONSTRAINT "kitchen_ticket_items_modifiers_array" CHECK (modifiers IS NULL OR jsonb_typeof(modifiers) = 'array');
--> statement-breakpoint
-- product_search (0008, 0010) is SELECT * of the columns products had then: redefined so the
-- catalogue pages (and the till) read modifier_groups too; new columns come last, as CREATE OR
-- REPLACE VIEW requires, and the grant to till_app stays.
CREATE OR REPLACE VIEW product_search AS
  SELECT * FROM products WHERE business_id = app_current_business_id();
--> statement-breakpoint
-- What checkout reads before pricing now includes each product's modifier groups, so the server
-- re-validates and re-prices the chosen options in the same single round trip (decision 007).
-- till_write_sale needs no change: it reads order_lines' new column from the JSON rows.
CREATE OR REPLACE FUNCTION till_sale_context(p_business_id uuid, p_product_ids uuid[], p_idempotency_key uuid, p_customer_id uuid)
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
        'modifierGroups', p.modifier_groups,
        'taxRateBasisPoints', coalesce(
          t.basis_points,
          (SELECT d.basis_points FROM tax_rates d WHERE d.business_id = p.business_id AND d.is_default LIMIT 1),
          0)))
      FROM products p LEFT JOIN tax_rates t ON t.id = p.tax_rate_id
      WHERE p.business_id = p_business_id AND p.id = ANY (p_product_ids) AND p.is_active), '[]'::jsonb));
END
$$;
