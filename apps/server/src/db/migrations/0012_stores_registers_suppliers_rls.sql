-- Tenancy for stores, registers and suppliers, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON stores, registers, suppliers TO till_app;
--> statement-breakpoint
ALTER TABLE stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stores
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE registers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE registers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON registers
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
ALTER TABLE suppliers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE suppliers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON suppliers
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Every business has its first store from the start, so stock, tills and sales always have a
-- place. Created by the database rather than by sign-up code so no path can forget it.
CREATE FUNCTION till_create_default_store() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO stores (business_id, name, is_default) VALUES (NEW.id, 'Main store', true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_default_store AFTER INSERT ON businesses
  FOR EACH ROW EXECUTE FUNCTION till_create_default_store();
--> statement-breakpoint
INSERT INTO stores (business_id, name, is_default)
  SELECT b.id, 'Main store', true FROM businesses b
  WHERE NOT EXISTS (SELECT 1 FROM stores s WHERE s.business_id = b.id AND s.is_default);
--> statement-breakpoint
UPDATE orders o SET store_id = s.id
  FROM stores s
  WHERE s.business_id = o.business_id AND s.is_default AND o.store_id IS NULL;
--> statement-breakpoint
-- A sale always belongs to a store: its register's, else the business's default store. A
-- trigger rather than code in the sale functions, so that every way of writing an order agrees.
CREATE FUNCTION till_order_store() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.store_id IS NULL THEN
    IF NEW.register_id IS NOT NULL THEN
      SELECT r.store_id INTO NEW.store_id FROM registers r WHERE r.business_id = NEW.business_id AND r.id = NEW.register_id;
    END IF;
    IF NEW.store_id IS NULL THEN
      SELECT s.id INTO NEW.store_id FROM stores s WHERE s.business_id = NEW.business_id AND s.is_default;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_store BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION till_order_store();
