CREATE TABLE "repair_order_inspection_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"repair_order_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "subtotal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "priced_including_tax" boolean;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "job_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "approved_jobs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "declined_jobs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "clocked_hundredths" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_order_inspection_photos" ADD CONSTRAINT "repair_order_inspection_photos_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_inspection_photos" ADD CONSTRAINT "repair_order_inspection_photos_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_inspection_photos" ADD CONSTRAINT "repair_order_inspection_photos_point_id_repair_order_inspection_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."repair_order_inspection_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_photos_business_order" ON "repair_order_inspection_photos" USING btree ("business_id","repair_order_id","created_at");--> statement-breakpoint
-- The single photo of decision 039 becomes the point's first photo (decision 041).
INSERT INTO repair_order_inspection_photos (business_id, repair_order_id, point_id, name)
  SELECT business_id, repair_order_id, id, photo_name FROM repair_order_inspection_points WHERE photo_name IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "repair_order_inspection_points" DROP COLUMN "photo_name";
--> statement-breakpoint
-- Backfill of the board's stored card values (decision 041). The amounts follow core
-- priceRepairOrder/priceCart: each line priced on its own, rounded half away from zero (all
-- amounts here are non-negative), declined jobs left out of the total. An order this gets wrong
-- would still be repriced by its next change; the API tests compare stored and priced totals.
WITH setting AS (
  SELECT b.id AS business_id, coalesce(s.prices_include_tax, false) AS incl
    FROM businesses b LEFT JOIN business_settings s ON s.business_id = b.id
), amounts AS (
  SELECT l.repair_order_id, st.incl, l.tax_rate_basis_points::bigint AS rate,
         CASE WHEN l.kind = 'labour' THEN (l.hours_hundredths::bigint * l.rate * 2 + 100) / 200
              ELSE l.unit_price * l.quantity END AS amount
    FROM repair_order_lines l
    JOIN repair_order_jobs j ON j.id = l.job_id
    JOIN setting st ON st.business_id = l.business_id
   WHERE j.approval <> 'declined'
), priced AS (
  SELECT repair_order_id,
         CASE WHEN incl THEN (amount * 20000 + 10000 + rate) / (2 * (10000 + rate)) ELSE amount END AS net,
         CASE WHEN incl THEN amount - (amount * 20000 + 10000 + rate) / (2 * (10000 + rate)) ELSE (amount * rate * 2 + 10000) / 20000 END AS tax
    FROM amounts
), money AS (
  SELECT repair_order_id, sum(net)::bigint AS subtotal, sum(tax)::bigint AS tax FROM priced GROUP BY repair_order_id
), counts AS (
  SELECT repair_order_id, count(*)::int AS jobs,
         count(*) FILTER (WHERE approval = 'approved')::int AS approved,
         count(*) FILTER (WHERE approval = 'declined')::int AS declined,
         coalesce(sum(actual_hundredths), 0)::int AS clocked
    FROM repair_order_jobs GROUP BY repair_order_id
), card AS (
  SELECT o2.id, st.incl, coalesce(m.subtotal, 0) AS subtotal, coalesce(m.tax, 0) AS tax,
         coalesce(c.jobs, 0) AS jobs, coalesce(c.approved, 0) AS approved, coalesce(c.declined, 0) AS declined, coalesce(c.clocked, 0) AS clocked
    FROM repair_orders o2
    JOIN setting st ON st.business_id = o2.business_id
    LEFT JOIN money m ON m.repair_order_id = o2.id
    LEFT JOIN counts c ON c.repair_order_id = o2.id
)
UPDATE repair_orders o
   SET subtotal = card.subtotal, tax = card.tax, total = card.subtotal + card.tax, priced_including_tax = card.incl,
       job_count = card.jobs, approved_jobs = card.approved, declined_jobs = card.declined, clocked_hundredths = card.clocked
  FROM card
 WHERE card.id = o.id;
--> statement-breakpoint
-- Tenancy for repair_order_inspection_photos, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON repair_order_inspection_photos TO till_app;
--> statement-breakpoint
ALTER TABLE repair_order_inspection_photos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE repair_order_inspection_photos FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON repair_order_inspection_photos
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
