CREATE TABLE "insight_daily_margins" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"facts" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"net_without_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_margins_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_monthly_products" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"facts" integer DEFAULT 0 NOT NULL,
	"sold_lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"net_without_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_monthly_products_pk" PRIMARY KEY("business_id","month","product_id","name")
);
--> statement-breakpoint
ALTER TABLE "insight_daily_margins" ADD CONSTRAINT "insight_daily_margins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_monthly_products" ADD CONSTRAINT "insight_monthly_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_daily_customers_customer" ON "insight_daily_customers" USING btree ("business_id","customer_id","day");--> statement-breakpoint
-- Tenancy for insight_monthly_products, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_monthly_products TO till_app;
--> statement-breakpoint
ALTER TABLE insight_monthly_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_monthly_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_monthly_products
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for insight_daily_margins, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_margins TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_margins ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_margins FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_margins
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- The month layer and the margin trend (decision 054): what a statement added to or took from
-- insight_daily_products (sign +1 for new rows, -1 for old ones), summed per month and product and
-- per day, added with INSERT … ON CONFLICT DO UPDATE in key order as the daily rollups are (decision
-- 043), so concurrent sales add up. Every writer of the daily rows (the 0048 triggers, their
-- rebuilds, a time-zone change) goes through here. Rows of a business being deleted are skipped
-- (its rows go with it by cascade).
CREATE FUNCTION till_insight_months_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (
      select x.* from (select 1 as sign, business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost from new_rows) x join businesses b on b.id = x.business_id),
    m as (insert into insight_monthly_products (business_id, month, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, date_trunc('month', day)::date, product_id, name, sum(sign * facts), sum(sign * sold_lines), sum(sign * units), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (business_id, month, product_id, name) do update set facts = insight_monthly_products.facts + excluded.facts, sold_lines = insight_monthly_products.sold_lines + excluded.sold_lines, units = insight_monthly_products.units + excluded.units, net = insight_monthly_products.net + excluded.net, cost = insight_monthly_products.cost + excluded.cost, net_without_cost = insight_monthly_products.net_without_cost + excluded.net_without_cost)
    insert into insight_daily_margins (business_id, day, facts, net, cost, net_without_cost)
        select business_id, day, sum(sign * facts), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2 order by 1, 2
        on conflict (business_id, day) do update set facts = insight_daily_margins.facts + excluded.facts, net = insight_daily_margins.net + excluded.net, cost = insight_daily_margins.cost + excluded.cost, net_without_cost = insight_daily_margins.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_months_insert AFTER INSERT ON insight_daily_products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_months_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_months_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (
      select x.* from (select -1 as sign, business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost from old_rows union all select 1, business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost from new_rows) x join businesses b on b.id = x.business_id),
    m as (insert into insight_monthly_products (business_id, month, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, date_trunc('month', day)::date, product_id, name, sum(sign * facts), sum(sign * sold_lines), sum(sign * units), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (business_id, month, product_id, name) do update set facts = insight_monthly_products.facts + excluded.facts, sold_lines = insight_monthly_products.sold_lines + excluded.sold_lines, units = insight_monthly_products.units + excluded.units, net = insight_monthly_products.net + excluded.net, cost = insight_monthly_products.cost + excluded.cost, net_without_cost = insight_monthly_products.net_without_cost + excluded.net_without_cost)
    insert into insight_daily_margins (business_id, day, facts, net, cost, net_without_cost)
        select business_id, day, sum(sign * facts), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2 order by 1, 2
        on conflict (business_id, day) do update set facts = insight_daily_margins.facts + excluded.facts, net = insight_daily_margins.net + excluded.net, cost = insight_daily_margins.cost + excluded.cost, net_without_cost = insight_daily_margins.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_months_update AFTER UPDATE ON insight_daily_products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_months_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_months_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (
      select x.* from (select -1 as sign, business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost from old_rows) x join businesses b on b.id = x.business_id),
    m as (insert into insight_monthly_products (business_id, month, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, date_trunc('month', day)::date, product_id, name, sum(sign * facts), sum(sign * sold_lines), sum(sign * units), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (business_id, month, product_id, name) do update set facts = insight_monthly_products.facts + excluded.facts, sold_lines = insight_monthly_products.sold_lines + excluded.sold_lines, units = insight_monthly_products.units + excluded.units, net = insight_monthly_products.net + excluded.net, cost = insight_monthly_products.cost + excluded.cost, net_without_cost = insight_monthly_products.net_without_cost + excluded.net_without_cost)
    insert into insight_daily_margins (business_id, day, facts, net, cost, net_without_cost)
        select business_id, day, sum(sign * facts), sum(sign * net), sum(sign * cost), sum(sign * net_without_cost)
          from c group by 1, 2 order by 1, 2
        on conflict (business_id, day) do update set facts = insight_daily_margins.facts + excluded.facts, net = insight_daily_margins.net + excluded.net, cost = insight_daily_margins.cost + excluded.cost, net_without_cost = insight_daily_margins.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_months_delete AFTER DELETE ON insight_daily_products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_months_delete();
--> statement-breakpoint
-- Backfill: every business's months and days from its daily product rows.
INSERT INTO insight_monthly_products (business_id, month, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
  SELECT business_id, date_trunc('month', day)::date, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
    FROM insight_daily_products GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO insight_daily_margins (business_id, day, facts, net, cost, net_without_cost)
  SELECT business_id, day, sum(facts), sum(net), sum(cost), sum(net_without_cost)
    FROM insight_daily_products GROUP BY 1, 2;
