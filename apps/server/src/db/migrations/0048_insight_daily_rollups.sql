CREATE TABLE "insight_daily_customers" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_customers_pk" PRIMARY KEY("business_id","day","customer_id")
);
--> statement-breakpoint
CREATE TABLE "insight_daily_employees" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"employee_id" uuid NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_employees_pk" PRIMARY KEY("business_id","day","employee_id")
);
--> statement-breakpoint
CREATE TABLE "insight_daily_payments" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refund_payments" integer DEFAULT 0 NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_payments_pk" PRIMARY KEY("business_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "insight_daily_products" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"facts" integer DEFAULT 0 NOT NULL,
	"sold_lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"net_without_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_products_pk" PRIMARY KEY("business_id","day","product_id","name")
);
--> statement-breakpoint
CREATE TABLE "insight_daily_sales" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"sold_net" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"sold_tax" bigint DEFAULT 0 NOT NULL,
	"sold_units" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_net" bigint DEFAULT 0 NOT NULL,
	"refund_tax" bigint DEFAULT 0 NOT NULL,
	"refund_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_sales_pk" PRIMARY KEY("business_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "insight_daily_customers" ADD CONSTRAINT "insight_daily_customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily_employees" ADD CONSTRAINT "insight_daily_employees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily_payments" ADD CONSTRAINT "insight_daily_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily_products" ADD CONSTRAINT "insight_daily_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily_sales" ADD CONSTRAINT "insight_daily_sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_daily_products_product" ON "insight_daily_products" USING btree ("business_id","product_id","day");
--> statement-breakpoint
-- Tenancy for insight_daily_sales, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_sales TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_sales ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_sales FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_sales
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for insight_daily_products, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_products TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_products
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for insight_daily_employees, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_employees TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_employees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_employees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_employees
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for insight_daily_payments, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_payments TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_payments
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Tenancy for insight_daily_customers, as in 0001_row_level_security.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON insight_daily_customers TO till_app;
--> statement-breakpoint
ALTER TABLE insight_daily_customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insight_daily_customers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON insight_daily_customers
  USING (business_id = app_current_business_id())
  WITH CHECK (business_id = app_current_business_id());
--> statement-breakpoint
-- Daily rollups (issue 15 item 5, decision 043): kept in the writer's transaction by statement-level
-- triggers (additive deltas, INSERT … ON CONFLICT DO UPDATE, so concurrent sales of a day add up),
-- rebuilt for the days of a deleted paid sale or refund and for a whole business when its time zone
-- changes. Generated from one description of what each row adds; see decision 043.
CREATE FUNCTION till_insight_zone(p_zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- As core's safeTimeZone: a zone PostgreSQL does not know counts as UTC rather than failing a sale.
  PERFORM now() AT TIME ZONE p_zone;
  RETURN p_zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END
$$;
--> statement-breakpoint
CREATE FUNCTION till_insight_rebuild(p_business_id uuid, p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tz text;
  v_from timestamptz := '-infinity';
  v_to timestamptz := 'infinity';
BEGIN
  SELECT till_insight_zone(b.time_zone) INTO v_tz FROM businesses b WHERE b.id = p_business_id;
  IF v_tz IS NULL OR cardinality(p_days) = 0 THEN
    RETURN;
  END IF;
  IF p_days IS NOT NULL THEN
    SELECT min(d)::timestamp AT TIME ZONE v_tz, (max(d) + 1)::timestamp AT TIME ZONE v_tz INTO v_from, v_to FROM unnest(p_days) d;
  END IF;
  DELETE FROM insight_daily_sales WHERE business_id = p_business_id AND (p_days IS NULL OR day = ANY (p_days));
  DELETE FROM insight_daily_products WHERE business_id = p_business_id AND (p_days IS NULL OR day = ANY (p_days));
  DELETE FROM insight_daily_employees WHERE business_id = p_business_id AND (p_days IS NULL OR day = ANY (p_days));
  DELETE FROM insight_daily_payments WHERE business_id = p_business_id AND (p_days IS NULL OR day = ANY (p_days));
  DELETE FROM insight_daily_customers WHERE business_id = p_business_id AND (p_days IS NULL OR day = ANY (p_days));
  with c as materialized (select 1 as sign, o.* from orders o where o.business_id = p_business_id and o.paid_at >= v_from and o.paid_at < v_to),
    z as materialized (select p_business_id as business_id, v_tz as tz),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, extract(hour from (x.paid_at at time zone z.tz))::smallint as hour, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as sold_net, (x.sign * x.discount_total)::bigint as discounts, (x.sign * x.tax_total)::bigint as sold_tax, (x.sign * (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = x.id))::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * l.quantity)::bigint as units, (x.sign * l.net)::bigint as net, (x.sign * l.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (x.sign * (case when l.unit_cost is null then l.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join order_lines l on l.order_id = x.id where x.paid_at is not null) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost),
    u2 as (insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as net, (0)::bigint as refund_count, (0)::bigint as refunds
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds)
    insert into insight_daily_customers (business_id, day, customer_id, orders, net)
        select business_id, day, customer_id, sum(orders), sum(net)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) as customer_id, (x.sign)::bigint as orders, (x.sign * (x.total - x.tax_total - (select coalesce(sum(r.net), 0) from refunds r where r.order_id = x.id)))::bigint as net
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, customer_id order by business_id, day, customer_id
        on conflict (business_id, day, customer_id) do update set orders = insight_daily_customers.orders + excluded.orders, net = insight_daily_customers.net + excluded.net;
  with c as materialized (select 1 as sign, r.* from refunds r where r.business_id = p_business_id and r.created_at >= v_from and r.created_at < v_to),
    z as materialized (select p_business_id as business_id, v_tz as tz),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, extract(hour from (x.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refund_net, (x.sign * x.tax)::bigint as refund_tax, (x.sign * (select coalesce(sum(rl.quantity), 0) from refund_lines rl where rl.refund_id = x.id))::bigint as refund_units
          from c x join z on z.business_id = x.business_id) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * rl.quantity)::bigint as units, (-x.sign * rl.net)::bigint as net, (-x.sign * rl.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then rl.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join refund_lines rl on rl.refund_id = x.id join order_lines l on l.id = rl.order_line_id) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost)
    insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (0)::bigint as transactions, (0)::bigint as net, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refunds
          from c x join z on z.business_id = x.business_id) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds;
  with c as materialized (select 1 as sign, p.* from payments p where p.business_id = p_business_id and p.created_at >= v_from and p.created_at < v_to),
    z as materialized (select p_business_id as business_id, v_tz as tz)
    insert into insight_daily_payments (business_id, day, method, payments, refund_payments, taken, refunded)
        select business_id, day, method, sum(payments), sum(refund_payments), sum(taken), sum(refunded)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, x.method as method, (x.sign * (x.refund_id is null)::int)::bigint as payments, (x.sign * (x.refund_id is not null)::int)::bigint as refund_payments, (x.sign * (case when x.refund_id is null then x.amount else 0 end))::bigint as taken, (x.sign * (case when x.refund_id is not null then -x.amount else 0 end))::bigint as refunded
          from c x join z on z.business_id = x.business_id) f
         where p_days is null or f.day = any (p_days)
         group by business_id, day, method order by business_id, day, method
        on conflict (business_id, day, method) do update set payments = insight_daily_payments.payments + excluded.payments, refund_payments = insight_daily_payments.refund_payments + excluded.refund_payments, taken = insight_daily_payments.taken + excluded.taken, refunded = insight_daily_payments.refunded + excluded.refunded;
END
$$;
--> statement-breakpoint
CREATE FUNCTION till_insight_rebuild_at(p_business_id uuid, p_instants timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tz text;
BEGIN
  SELECT till_insight_zone(b.time_zone) INTO v_tz FROM businesses b WHERE b.id = p_business_id;
  IF v_tz IS NOT NULL THEN
    PERFORM till_insight_rebuild(p_business_id, (SELECT array_agg(DISTINCT (i AT TIME ZONE v_tz)::date) FROM unnest(p_instants) i));
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION till_insight_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select 1 as sign, n.* from new_rows n),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, extract(hour from (x.paid_at at time zone z.tz))::smallint as hour, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as sold_net, (x.sign * x.discount_total)::bigint as discounts, (x.sign * x.tax_total)::bigint as sold_tax, (x.sign * (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = x.id))::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * l.quantity)::bigint as units, (x.sign * l.net)::bigint as net, (x.sign * l.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (x.sign * (case when l.unit_cost is null then l.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join order_lines l on l.order_id = x.id where x.paid_at is not null) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost),
    u2 as (insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as net, (0)::bigint as refund_count, (0)::bigint as refunds
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds)
    insert into insight_daily_customers (business_id, day, customer_id, orders, net)
        select business_id, day, customer_id, sum(orders), sum(net)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) as customer_id, (x.sign)::bigint as orders, (x.sign * (x.total - x.tax_total - (select coalesce(sum(r.net), 0) from refunds r where r.order_id = x.id)))::bigint as net
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, customer_id order by business_id, day, customer_id
        on conflict (business_id, day, customer_id) do update set orders = insight_daily_customers.orders + excluded.orders, net = insight_daily_customers.net + excluded.net;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_orders_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o where not exists (select 1 from new_rows n where n.id = o.id and (n.business_id, n.paid_at, n.total, n.tax_total, n.discount_total, n.employee_id, n.customer_id) is not distinct from (o.business_id, o.paid_at, o.total, o.tax_total, o.discount_total, o.employee_id, o.customer_id))
      union all
      select 1 as sign, n.* from new_rows n where not exists (select 1 from old_rows o where n.id = o.id and (n.business_id, n.paid_at, n.total, n.tax_total, n.discount_total, n.employee_id, n.customer_id) is not distinct from (o.business_id, o.paid_at, o.total, o.tax_total, o.discount_total, o.employee_id, o.customer_id))),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, extract(hour from (x.paid_at at time zone z.tz))::smallint as hour, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as sold_net, (x.sign * x.discount_total)::bigint as discounts, (x.sign * x.tax_total)::bigint as sold_tax, (x.sign * (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = x.id))::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * l.quantity)::bigint as units, (x.sign * l.net)::bigint as net, (x.sign * l.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (x.sign * (case when l.unit_cost is null then l.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join order_lines l on l.order_id = x.id where x.paid_at is not null) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost),
    u2 as (insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (x.sign)::bigint as transactions, (x.sign * (x.total - x.tax_total))::bigint as net, (0)::bigint as refund_count, (0)::bigint as refunds
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds)
    insert into insight_daily_customers (business_id, day, customer_id, orders, net)
        select business_id, day, customer_id, sum(orders), sum(net)
          from (select z.business_id, (x.paid_at at time zone z.tz)::date as day, coalesce(x.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) as customer_id, (x.sign)::bigint as orders, (x.sign * (x.total - x.tax_total - (select coalesce(sum(r.net), 0) from refunds r where r.order_id = x.id)))::bigint as net
          from c x join z on z.business_id = x.business_id where x.paid_at is not null) f
         group by business_id, day, customer_id order by business_id, day, customer_id
        on conflict (business_id, day, customer_id) do update set orders = insight_daily_customers.orders + excluded.orders, net = insight_daily_customers.net + excluded.net;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_orders_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM till_insight_rebuild_at(o.business_id, array_agg(o.paid_at)) FROM old_rows o WHERE o.paid_at IS NOT NULL GROUP BY o.business_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_orders_delete();
--> statement-breakpoint
CREATE FUNCTION till_insight_order_lines_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select 1 as sign, n.* from new_rows n),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, extract(hour from (o.paid_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (x.sign * x.quantity)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when x.product_id is null then x.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * x.quantity)::bigint as units, (x.sign * x.net)::bigint as net, (x.sign * x.quantity * coalesce(x.unit_cost, 0))::bigint as cost, (x.sign * (case when x.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_order_lines_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_order_lines_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_order_lines_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o where not exists (select 1 from new_rows n where n.id = o.id and (n.business_id, n.order_id, n.product_id, n.name, n.quantity, n.net, n.unit_cost) is not distinct from (o.business_id, o.order_id, o.product_id, o.name, o.quantity, o.net, o.unit_cost))
      union all
      select 1 as sign, n.* from new_rows n where not exists (select 1 from old_rows o where n.id = o.id and (n.business_id, n.order_id, n.product_id, n.name, n.quantity, n.net, n.unit_cost) is not distinct from (o.business_id, o.order_id, o.product_id, o.name, o.quantity, o.net, o.unit_cost))),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, extract(hour from (o.paid_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (x.sign * x.quantity)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when x.product_id is null then x.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * x.quantity)::bigint as units, (x.sign * x.net)::bigint as net, (x.sign * x.quantity * coalesce(x.unit_cost, 0))::bigint as cost, (x.sign * (case when x.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null
          union all
          select z.business_id, (r.created_at at time zone z.tz)::date as day, coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when x.product_id is null then x.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * rl.quantity)::bigint as units, (-x.sign * rl.net)::bigint as net, (-x.sign * rl.quantity * coalesce(x.unit_cost, 0))::bigint as cost, (-x.sign * (case when x.unit_cost is null then rl.net else 0 end))::bigint as net_without_cost
          from c x join refund_lines rl on rl.order_line_id = x.id join refunds r on r.id = rl.refund_id join z on z.business_id = r.business_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_order_lines_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_order_lines_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_order_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, extract(hour from (o.paid_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (x.sign * x.quantity)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (0)::bigint as refund_units
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when x.product_id is null then x.name else '' end as name, (x.sign)::bigint as facts, (x.sign)::bigint as sold_lines, (x.sign * x.quantity)::bigint as units, (x.sign * x.net)::bigint as net, (x.sign * x.quantity * coalesce(x.unit_cost, 0))::bigint as cost, (x.sign * (case when x.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null
          union all
          select z.business_id, (r.created_at at time zone z.tz)::date as day, coalesce(x.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when x.product_id is null then x.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * rl.quantity)::bigint as units, (-x.sign * rl.net)::bigint as net, (-x.sign * rl.quantity * coalesce(x.unit_cost, 0))::bigint as cost, (-x.sign * (case when x.unit_cost is null then rl.net else 0 end))::bigint as net_without_cost
          from c x join refund_lines rl on rl.order_line_id = x.id join refunds r on r.id = rl.refund_id join z on z.business_id = r.business_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_order_lines_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_order_lines_delete();
--> statement-breakpoint
CREATE FUNCTION till_insight_refunds_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select 1 as sign, n.* from new_rows n),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, extract(hour from (x.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refund_net, (x.sign * x.tax)::bigint as refund_tax, (x.sign * (select coalesce(sum(rl.quantity), 0) from refund_lines rl where rl.refund_id = x.id))::bigint as refund_units
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * rl.quantity)::bigint as units, (-x.sign * rl.net)::bigint as net, (-x.sign * rl.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then rl.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join refund_lines rl on rl.refund_id = x.id join order_lines l on l.id = rl.order_line_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost),
    u2 as (insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (0)::bigint as transactions, (0)::bigint as net, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refunds
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds)
    insert into insight_daily_customers (business_id, day, customer_id, orders, net)
        select business_id, day, customer_id, sum(orders), sum(net)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, coalesce(o.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) as customer_id, (0)::bigint as orders, (-x.sign * x.net)::bigint as net
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, customer_id order by business_id, day, customer_id
        on conflict (business_id, day, customer_id) do update set orders = insight_daily_customers.orders + excluded.orders, net = insight_daily_customers.net + excluded.net;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refunds_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refunds_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_refunds_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o where not exists (select 1 from new_rows n where n.id = o.id and (n.business_id, n.order_id, n.created_at, n.net, n.tax, n.employee_id) is not distinct from (o.business_id, o.order_id, o.created_at, o.net, o.tax, o.employee_id))
      union all
      select 1 as sign, n.* from new_rows n where not exists (select 1 from old_rows o where n.id = o.id and (n.business_id, n.order_id, n.created_at, n.net, n.tax, n.employee_id) is not distinct from (o.business_id, o.order_id, o.created_at, o.net, o.tax, o.employee_id))),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, extract(hour from (x.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refund_net, (x.sign * x.tax)::bigint as refund_tax, (x.sign * (select coalesce(sum(rl.quantity), 0) from refund_lines rl where rl.refund_id = x.id))::bigint as refund_units
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units),
    u1 as (insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * rl.quantity)::bigint as units, (-x.sign * rl.net)::bigint as net, (-x.sign * rl.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then rl.net else 0 end))::bigint as net_without_cost
          from c x join z on z.business_id = x.business_id join refund_lines rl on rl.refund_id = x.id join order_lines l on l.id = rl.order_line_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost),
    u2 as (insert into insight_daily_employees (business_id, day, employee_id, transactions, net, refund_count, refunds)
        select business_id, day, employee_id, sum(transactions), sum(net), sum(refund_count), sum(refunds)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, coalesce(x.employee_id, '00000000-0000-0000-0000-000000000000'::uuid) as employee_id, (0)::bigint as transactions, (0)::bigint as net, (x.sign)::bigint as refund_count, (x.sign * x.net)::bigint as refunds
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, employee_id order by business_id, day, employee_id
        on conflict (business_id, day, employee_id) do update set transactions = insight_daily_employees.transactions + excluded.transactions, net = insight_daily_employees.net + excluded.net, refund_count = insight_daily_employees.refund_count + excluded.refund_count, refunds = insight_daily_employees.refunds + excluded.refunds)
    insert into insight_daily_customers (business_id, day, customer_id, orders, net)
        select business_id, day, customer_id, sum(orders), sum(net)
          from (select z.business_id, (o.paid_at at time zone z.tz)::date as day, coalesce(o.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) as customer_id, (0)::bigint as orders, (-x.sign * x.net)::bigint as net
          from c x join orders o on o.id = x.order_id join z on z.business_id = o.business_id where o.paid_at is not null) f
         group by business_id, day, customer_id order by business_id, day, customer_id
        on conflict (business_id, day, customer_id) do update set orders = insight_daily_customers.orders + excluded.orders, net = insight_daily_customers.net + excluded.net;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refunds_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refunds_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_refunds_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM till_insight_rebuild_at(f.business_id, array_agg(f.at)) FROM (
    SELECT o.business_id, o.created_at AS at FROM old_rows o
    UNION ALL
    SELECT r.business_id, s.paid_at FROM old_rows r JOIN orders s ON s.id = r.order_id WHERE s.paid_at IS NOT NULL
  ) f GROUP BY f.business_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refunds_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refunds_delete();
--> statement-breakpoint
CREATE FUNCTION till_insight_refund_lines_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select 1 as sign, n.* from new_rows n),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, extract(hour from (r.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (x.sign * x.quantity)::bigint as refund_units
          from c x join refunds r on r.id = x.refund_id join z on z.business_id = r.business_id) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * x.quantity)::bigint as units, (-x.sign * x.net)::bigint as net, (-x.sign * x.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join refunds r on r.id = x.refund_id join order_lines l on l.id = x.order_line_id join z on z.business_id = r.business_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refund_lines_insert AFTER INSERT ON refund_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refund_lines_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_refund_lines_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o where not exists (select 1 from new_rows n where n.refund_id = o.refund_id and n.order_line_id = o.order_line_id and (n.business_id, n.refund_id, n.order_line_id, n.quantity, n.net) is not distinct from (o.business_id, o.refund_id, o.order_line_id, o.quantity, o.net))
      union all
      select 1 as sign, n.* from new_rows n where not exists (select 1 from old_rows o where n.refund_id = o.refund_id and n.order_line_id = o.order_line_id and (n.business_id, n.refund_id, n.order_line_id, n.quantity, n.net) is not distinct from (o.business_id, o.refund_id, o.order_line_id, o.quantity, o.net))),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, extract(hour from (r.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (x.sign * x.quantity)::bigint as refund_units
          from c x join refunds r on r.id = x.refund_id join z on z.business_id = r.business_id) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * x.quantity)::bigint as units, (-x.sign * x.net)::bigint as net, (-x.sign * x.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join refunds r on r.id = x.refund_id join order_lines l on l.id = x.order_line_id join z on z.business_id = r.business_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refund_lines_update AFTER UPDATE ON refund_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refund_lines_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_refund_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c)),
    u0 as (insert into insight_daily_sales (business_id, day, hour, transactions, sold_net, discounts, sold_tax, sold_units, refund_count, refund_net, refund_tax, refund_units)
        select business_id, day, hour, sum(transactions), sum(sold_net), sum(discounts), sum(sold_tax), sum(sold_units), sum(refund_count), sum(refund_net), sum(refund_tax), sum(refund_units)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, extract(hour from (r.created_at at time zone z.tz))::smallint as hour, (0)::bigint as transactions, (0)::bigint as sold_net, (0)::bigint as discounts, (0)::bigint as sold_tax, (0)::bigint as sold_units, (0)::bigint as refund_count, (0)::bigint as refund_net, (0)::bigint as refund_tax, (x.sign * x.quantity)::bigint as refund_units
          from c x join refunds r on r.id = x.refund_id join z on z.business_id = r.business_id) f
         group by business_id, day, hour order by business_id, day, hour
        on conflict (business_id, day, hour) do update set transactions = insight_daily_sales.transactions + excluded.transactions, sold_net = insight_daily_sales.sold_net + excluded.sold_net, discounts = insight_daily_sales.discounts + excluded.discounts, sold_tax = insight_daily_sales.sold_tax + excluded.sold_tax, sold_units = insight_daily_sales.sold_units + excluded.sold_units, refund_count = insight_daily_sales.refund_count + excluded.refund_count, refund_net = insight_daily_sales.refund_net + excluded.refund_net, refund_tax = insight_daily_sales.refund_tax + excluded.refund_tax, refund_units = insight_daily_sales.refund_units + excluded.refund_units)
    insert into insight_daily_products (business_id, day, product_id, name, facts, sold_lines, units, net, cost, net_without_cost)
        select business_id, day, product_id, name, sum(facts), sum(sold_lines), sum(units), sum(net), sum(cost), sum(net_without_cost)
          from (select z.business_id, (r.created_at at time zone z.tz)::date as day, coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'::uuid) as product_id, case when l.product_id is null then l.name else '' end as name, (x.sign)::bigint as facts, (0)::bigint as sold_lines, (-x.sign * x.quantity)::bigint as units, (-x.sign * x.net)::bigint as net, (-x.sign * x.quantity * coalesce(l.unit_cost, 0))::bigint as cost, (-x.sign * (case when l.unit_cost is null then x.net else 0 end))::bigint as net_without_cost
          from c x join refunds r on r.id = x.refund_id join order_lines l on l.id = x.order_line_id join z on z.business_id = r.business_id) f
         group by business_id, day, product_id, name order by business_id, day, product_id, name
        on conflict (business_id, day, product_id, name) do update set facts = insight_daily_products.facts + excluded.facts, sold_lines = insight_daily_products.sold_lines + excluded.sold_lines, units = insight_daily_products.units + excluded.units, net = insight_daily_products.net + excluded.net, cost = insight_daily_products.cost + excluded.cost, net_without_cost = insight_daily_products.net_without_cost + excluded.net_without_cost;
  -- Refund lines whose order line went first (their refund stays): rebuild the refund's day.
  PERFORM till_insight_rebuild_at(r.business_id, array_agg(r.created_at)) FROM old_rows o JOIN refunds r ON r.id = o.refund_id
   WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.id = o.order_line_id) GROUP BY r.business_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_refund_lines_delete AFTER DELETE ON refund_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_refund_lines_delete();
--> statement-breakpoint
CREATE FUNCTION till_insight_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select 1 as sign, n.* from new_rows n),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c))
    insert into insight_daily_payments (business_id, day, method, payments, refund_payments, taken, refunded)
        select business_id, day, method, sum(payments), sum(refund_payments), sum(taken), sum(refunded)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, x.method as method, (x.sign * (x.refund_id is null)::int)::bigint as payments, (x.sign * (x.refund_id is not null)::int)::bigint as refund_payments, (x.sign * (case when x.refund_id is null then x.amount else 0 end))::bigint as taken, (x.sign * (case when x.refund_id is not null then -x.amount else 0 end))::bigint as refunded
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, method order by business_id, day, method
        on conflict (business_id, day, method) do update set payments = insight_daily_payments.payments + excluded.payments, refund_payments = insight_daily_payments.refund_payments + excluded.refund_payments, taken = insight_daily_payments.taken + excluded.taken, refunded = insight_daily_payments.refunded + excluded.refunded;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_payments_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_payments_insert();
--> statement-breakpoint
CREATE FUNCTION till_insight_payments_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o where not exists (select 1 from new_rows n where n.id = o.id and (n.business_id, n.method, n.amount, n.refund_id, n.created_at) is not distinct from (o.business_id, o.method, o.amount, o.refund_id, o.created_at))
      union all
      select 1 as sign, n.* from new_rows n where not exists (select 1 from old_rows o where n.id = o.id and (n.business_id, n.method, n.amount, n.refund_id, n.created_at) is not distinct from (o.business_id, o.method, o.amount, o.refund_id, o.created_at))),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c))
    insert into insight_daily_payments (business_id, day, method, payments, refund_payments, taken, refunded)
        select business_id, day, method, sum(payments), sum(refund_payments), sum(taken), sum(refunded)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, x.method as method, (x.sign * (x.refund_id is null)::int)::bigint as payments, (x.sign * (x.refund_id is not null)::int)::bigint as refund_payments, (x.sign * (case when x.refund_id is null then x.amount else 0 end))::bigint as taken, (x.sign * (case when x.refund_id is not null then -x.amount else 0 end))::bigint as refunded
          from c x join z on z.business_id = x.business_id) f
         group by business_id, day, method order by business_id, day, method
        on conflict (business_id, day, method) do update set payments = insight_daily_payments.payments + excluded.payments, refund_payments = insight_daily_payments.refund_payments + excluded.refund_payments, taken = insight_daily_payments.taken + excluded.taken, refunded = insight_daily_payments.refunded + excluded.refunded;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_payments_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_payments_update();
--> statement-breakpoint
CREATE FUNCTION till_insight_payments_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with c as materialized (select -1 as sign, o.* from old_rows o),
    z as materialized (select b.id as business_id, till_insight_zone(b.time_zone) as tz from businesses b where b.id in (select distinct business_id from c))
    insert into insight_daily_payments (business_id, day, method, payments, refund_payments, taken, refunded)
        select business_id, day, method, sum(payments), sum(refund_payments), sum(taken), sum(refunded)
          from (select z.business_id, (x.created_at at time zone z.tz)::date as day, x.method as method, (x.sign * (x.refund_id is null)::int)::bigint as payments, (x.sign * (x.refund_id is not null)::int)::bigint as refund_payments, (x.sign * (case when x.refund_id is null then x.amount else 0 end))::bigint as taken, (x.sign * (case when x.refund_id is not null then -x.amount else 0 end))::bigint as refunded
          from c x join z on z.business_id = x.business_id
          -- Payments deleted with their order: the order's day is rebuilt (its trigger fires first).
          where exists (select 1 from orders o where o.id = x.order_id)) f
         group by business_id, day, method order by business_id, day, method
        on conflict (business_id, day, method) do update set payments = insight_daily_payments.payments + excluded.payments, refund_payments = insight_daily_payments.refund_payments + excluded.refund_payments, taken = insight_daily_payments.taken + excluded.taken, refunded = insight_daily_payments.refunded + excluded.refunded;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_payments_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION till_insight_payments_delete();
--> statement-breakpoint
CREATE FUNCTION till_insight_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM till_insight_rebuild(NEW.id, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_time_zone AFTER UPDATE OF time_zone ON businesses FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION till_insight_time_zone_changed();
--> statement-breakpoint
-- Backfill: every business's days from the facts written so far.
SELECT till_insight_rebuild(b.id, NULL) FROM businesses b;
