-- Decision 059: the batch trigger's first-expiry-first-out (decision 048) skips lots that expired
-- before today, in the business's time zone, while anything unexpired (a dated lot, a lot without
-- expiry or the store's "no lot" batch) is left; expired lots are taken last, earliest expiry
-- first, so a decrease is never refused because only expired stock is left (the lots stay on the
-- "expired" list of /batch-management until written off). Everything else is as in 0055.
CREATE OR REPLACE FUNCTION till_stock_movement_batch() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  v_left integer;
  v_take integer;
  v_batch record;
  v_today date;
BEGIN
  IF NEW.batch_id IS NOT NULL THEN
    UPDATE product_batches b SET quantity = b.quantity + NEW.quantity_delta, updated_at = now()
     WHERE b.business_id = NEW.business_id AND b.id = NEW.batch_id AND b.product_id = NEW.product_id AND b.store_id = NEW.store_id
    RETURNING b.quantity INTO v_left;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'The batch is not this product''s in this store' USING ERRCODE = 'TL005', DETAIL = NEW.product_id::text;
    END IF;
    IF v_left < 0 THEN
      RAISE EXCEPTION 'Not enough left in the batch' USING ERRCODE = 'TL001', DETAIL = NEW.product_id::text;
    END IF;
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products p WHERE p.business_id = NEW.business_id AND p.id = NEW.product_id AND p.track_batches) THEN
    RETURN NEW;
  END IF;
  v_left := NEW.quantity_delta;
  IF v_left < 0 THEN
    -- Today where the business is; UTC should its time zone be one the database does not know.
    BEGIN
      SELECT (now() AT TIME ZONE b.time_zone)::date INTO v_today FROM businesses b WHERE b.id = NEW.business_id;
    EXCEPTION WHEN invalid_parameter_value THEN
      v_today := NULL;
    END;
    v_today := coalesce(v_today, (now() AT TIME ZONE 'UTC')::date);
    FOR v_batch IN
      SELECT b.id, b.quantity FROM product_batches b
       WHERE b.business_id = NEW.business_id AND b.product_id = NEW.product_id AND b.store_id = NEW.store_id AND b.quantity > 0
       ORDER BY coalesce(b.expiry_date < v_today, false), b.expiry_date NULLS LAST, b.created_at, b.id
       FOR UPDATE
    LOOP
      EXIT WHEN v_left = 0;
      v_take := least(v_batch.quantity, -v_left);
      UPDATE product_batches SET quantity = quantity - v_take, updated_at = now() WHERE id = v_batch.id;
      v_left := v_left + v_take;
    END LOOP;
  END IF;
  IF v_left <> 0 THEN
    INSERT INTO product_batches AS b (business_id, product_id, store_id, lot_number, quantity)
      VALUES (NEW.business_id, NEW.product_id, NEW.store_id, '', v_left)
      ON CONFLICT (business_id, product_id, store_id, lot_number) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, updated_at = now();
  END IF;
  RETURN NEW;
END
$$;
