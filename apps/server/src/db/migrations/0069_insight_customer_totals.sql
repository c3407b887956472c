CREATE TABLE "insight_customer_totals" (
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_day" date,
	"last_day" date,
	"visits" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_customer_totals_pk" PRIMARY KEY("business_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "insight_customer_totals" ADD CONSTRAINT "insight_customer_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenancy for insight_customer_totals, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_customer_totals TO till_app;
--> statement-breakpoint
ALTER TABLE insight_customer_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_customer_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_customer_totals
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Per-customer totals (decision 071), kept from what a statement did to insight_daily_customers
-- (sign +1 for new rows, -1 for old ones; a visit is a day row with orders > 0): visit days,
-- orders and net of visit days are added with INSERT … ON CONFLICT DO UPDATE in key order as the
-- daily rollups are (decision 043), so concurrent sales add up; an added visit day can only move
-- the first day earlier or the last day later (least / greatest). When a statement takes a visit
-- day away (a void, a deleted sale's rebuild, a sale moved to another day or customer, a new time
-- zone), the customer's first and last days are counted again from the day rows in a later
-- statement: the upsert holds the row's lock, so every writer that touched the row before has
-- committed and that statement's snapshot sees its days, and a writer after it adds its own days
-- with least / greatest on top. A customer without a visit day left loses the row. The nil uuid
-- (no customer) is left out; rows of a business being deleted are skipped (the cascade takes them).
--> statement-breakpoint
CREATE FUNCTION till_insight_customer_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into insight_customer_totals as t (business_id, customer_id, first_day, last_day, visits, orders, net)
    select x.business_id, x.customer_id, min(x.day) filter (where x.sign = 1), max(x.day) filter (where x.sign = 1), sum(x.sign), sum(x.sign * x.orders), sum(x.sign * x.net)
      from (select 1 as sign, business_id, customer_id, day, orders, net from new_rows) x join businesses b on b.id = x.business_id
     where x.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid and x.orders > 0
     group by 1, 2 order by 1, 2
  on conflict (business_id, customer_id) do update set first_day = least(t.first_day, excluded.first_day), last_day = greatest(t.last_day, excluded.last_day),
     visits = t.visits + excluded.visits, orders = t.orders + excluded.orders, net = t.net + excluded.net;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_customer_totals_insert AFTER INSERT ON insight_daily_customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_customer_totals_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_customer_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into insight_customer_totals as t (business_id, customer_id, first_day, last_day, visits, orders, net)
    select x.business_id, x.customer_id, min(x.day) filter (where x.sign = 1), max(x.day) filter (where x.sign = 1), sum(x.sign), sum(x.sign * x.orders), sum(x.sign * x.net)
      from (select -1 as sign, business_id, customer_id, day, orders, net from old_rows union all select 1, business_id, customer_id, day, orders, net from new_rows) x join businesses b on b.id = x.business_id
     where x.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid and x.orders > 0
     group by 1, 2 order by 1, 2
  on conflict (business_id, customer_id) do update set first_day = least(t.first_day, excluded.first_day), last_day = greatest(t.last_day, excluded.last_day),
     visits = t.visits + excluded.visits, orders = t.orders + excluded.orders, net = t.net + excluded.net;
  -- Visit days the statement took away: the first or last day counted again, a customer without visits removed.
  with gone as materialized (
      select x.business_id, x.customer_id, x.day from (select -1 as sign, business_id, customer_id, day, orders, net from old_rows union all select 1, business_id, customer_id, day, orders, net from new_rows) x
       where x.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid group by 1, 2, 3 having sum(x.sign * (x.orders > 0)::int) < 0),
    counted as (
      update insight_customer_totals t
         set first_day = (select min(d.day) from insight_daily_customers d where d.business_id = t.business_id and d.customer_id = t.customer_id and d.orders > 0),
             last_day = (select max(d.day) from insight_daily_customers d where d.business_id = t.business_id and d.customer_id = t.customer_id and d.orders > 0)
       where t.visits > 0 and exists (select 1 from gone g where g.business_id = t.business_id and g.customer_id = t.customer_id and (g.day <= t.first_day or g.day >= t.last_day)))
  delete from insight_customer_totals t
   where t.visits <= 0 and exists (select 1 from gone g where g.business_id = t.business_id and g.customer_id = t.customer_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_customer_totals_update AFTER UPDATE ON insight_daily_customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_customer_totals_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_customer_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into insight_customer_totals as t (business_id, customer_id, first_day, last_day, visits, orders, net)
    select x.business_id, x.customer_id, min(x.day) filter (where x.sign = 1), max(x.day) filter (where x.sign = 1), sum(x.sign), sum(x.sign * x.orders), sum(x.sign * x.net)
      from (select -1 as sign, business_id, customer_id, day, orders, net from old_rows) x join businesses b on b.id = x.business_id
     where x.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid and x.orders > 0
     group by 1, 2 order by 1, 2
  on conflict (business_id, customer_id) do update set first_day = least(t.first_day, excluded.first_day), last_day = greatest(t.last_day, excluded.last_day),
     visits = t.visits + excluded.visits, orders = t.orders + excluded.orders, net = t.net + excluded.net;
  -- Visit days the statement took away: the first or last day counted again, a customer without visits removed.
  with gone as materialized (
      select x.business_id, x.customer_id, x.day from (select -1 as sign, business_id, customer_id, day, orders, net from old_rows) x
       where x.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid group by 1, 2, 3 having sum(x.sign * (x.orders > 0)::int) < 0),
    counted as (
      update insight_customer_totals t
         set first_day = (select min(d.day) from insight_daily_customers d where d.business_id = t.business_id and d.customer_id = t.customer_id and d.orders > 0),
             last_day = (select max(d.day) from insight_daily_customers d where d.business_id = t.business_id and d.customer_id = t.customer_id and d.orders > 0)
       where t.visits > 0 and exists (select 1 from gone g where g.business_id = t.business_id and g.customer_id = t.customer_id and (g.day <= t.first_day or g.day >= t.last_day)))
  delete from insight_customer_totals t
   where t.visits <= 0 and exists (select 1 from gone g where g.business_id = t.business_id and g.customer_id = t.customer_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_customer_totals_delete AFTER DELETE ON insight_daily_customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_customer_totals_delete();
--> statement-breakpoint
-- Backfill: every business's customers from their day rows.
INSERT INTO insight_customer_totals (business_id, customer_id, first_day, last_day, visits, orders, net)
  SELECT business_id, customer_id, min(day), max(day), count(*), sum(orders), sum(net)
    FROM insight_daily_customers WHERE orders > 0 AND customer_id <> '00000000-0000-0000-0000-000000000000'::uuid GROUP BY 1, 2;
