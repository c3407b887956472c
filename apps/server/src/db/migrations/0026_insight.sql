ALTER TABLE "order_lines" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
CREATE INDEX "orders_business_paid" ON "orders" USING btree ("business_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "refunds_business_created" ON "refunds" USING btree ("business_id","created_at");--> statement-breakpoint
-- The cost at the time of sale (issue 15, profitability): every order line takes its product's
-- cost as it is when the line is written, unless the writer gives one. A trigger rather than
-- code in the sale functions, like orders_store, so that every way of writing a line agrees.
CREATE FUNCTION till_order_line_unit_cost() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.unit_cost IS NULL AND NEW.product_id IS NOT NULL THEN
    SELECT p.cost INTO NEW.unit_cost FROM products p WHERE p.business_id = NEW.business_id AND p.id = NEW.product_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_unit_cost BEFORE INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION till_order_line_unit_cost();
--> statement-breakpoint
-- RLS
-- No new tables: order_lines, orders and refunds keep their tenant_isolation policies
-- (0006_sales_rls.sql); the trigger runs as the writer, under the same policies.
