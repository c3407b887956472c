import { DEFAULT_LOW_STOCK_THRESHOLD, safeTimeZone, splitByWholeMonths } from '@till/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The dashboard's and the analytics tabs' queries (issue 15). A sale counts on the local day it
 * was paid, a refund on the local day it was made, both cut at midnight in the business's time
 * zone. Money sums leave SQL as float8 (exact below 2^53 minor units) and days as 'YYYY-MM-DD'
 * text: drivers disagree on how they hand back bigint sums and dates.
 */

/**
 * Local days `from`..`to` in `timeZone`; `untilLocal` (a local wall-clock time 'YYYY-MM-DD
 * HH:MM:SS') ends it earlier, e.g. "so far today" and "last Tuesday up to this time".
 */
export interface Period {
  timeZone: string;
  from: string;
  to: string;
  untilLocal?: string | undefined;
  /** Scan the order and refund lines instead of the daily rollups (the reference the rollups are tested against). */
  fromLines?: boolean | undefined;
}

/**
 * Whole local days are read from the daily rollups (decision 043), kept by triggers in the
 * writer's transaction; a period cut at a wall-clock time (the dashboard's "last week up to
 * now") scans that day's lines.
 */
const fromRollups = (period: Period) => !period.untilLocal && !period.fromLines;

/** The nil uuid: the rollups' "no product / employee / customer". */
const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * RFM sums the day rows of at most this many customers with visits outside its window one index
 * range each; with more, it sums every customer from one scan of the window (decision 071).
 */
const FEW_OUTSIDE = 500;

/** Rollup rows of the period's days. */
const rollupDays = (alias: SQL, businessId: string, period: Period) =>
  sql`${alias}.business_id = ${businessId} and ${alias}.day between ${period.from}::date and ${period.to}::date`;
/**
 * The product rollup's rows of the period (business, product, name and the sums): whole months
 * from insight_monthly_products, the days at either end from insight_daily_products (decision 054),
 * so a year reads ~12 month rows a product instead of 365 day rows.
 */
function productRollupRows(businessId: string, period: Period): SQL {
  const { months, days } = splitByWholeMonths(period);
  const parts: SQL[] = days.map(
    (range) => sql`select r.product_id, r.name, r.facts, r.sold_lines, r.units, r.net, r.cost, r.net_without_cost
      from insight_daily_products r where ${rollupDays(sql`r`, businessId, { ...period, ...range })}`,
  );
  if (months) {
    parts.push(sql`select m.product_id, m.name, m.facts, m.sold_lines, m.units, m.net, m.cost, m.net_without_cost
      from insight_monthly_products m where m.business_id = ${businessId} and m.month between ${months.from}::date and ${months.to}::date`);
  }
  return sql.join(parts, sql` union all `);
}

const dayText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The instant a local day starts. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** `column` falls inside the period. */
function within(column: SQL, period: Period): SQL {
  const end = period.untilLocal
    ? sql`(${period.untilLocal}::timestamp at time zone ${period.timeZone})`
    : sql`((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`;
  return sql`${column} >= ${dayStart(period.from, period.timeZone)} and ${column} < ${end}`;
}

const localDay = (column: SQL, timeZone: string) => sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/**
 * Sold and refunded lines of a period, one row each: a sale line on its payment day, a refund
 * line (negated) on its refund day. net is before tax, after every discount; cost is null when
 * the line's product had no cost when it was sold.
 */
function lineFacts(businessId: string, period: Period): SQL {
  return sql`
    select l.product_id, l.name, l.quantity as units, l.net::float8 as net,
           (l.quantity * l.unit_cost)::float8 as cost, ${localDay(sql`o.paid_at`, period.timeZone)} as day
      from order_lines l
      join orders o on o.id = l.order_id and o.business_id = l.business_id
     where l.business_id = ${businessId} and o.business_id = ${businessId} and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
    union all
    select l.product_id, l.name, -rl.quantity, -rl.net::float8,
           (-rl.quantity * l.unit_cost)::float8, ${localDay(sql`r.created_at`, period.timeZone)}
      from refund_lines rl
      join refunds r on r.id = rl.refund_id and r.business_id = rl.business_id
      join order_lines l on l.id = rl.order_line_id and l.business_id = rl.business_id
     where rl.business_id = ${businessId} and r.business_id = ${businessId} and ${within(sql`r.created_at`, period)}`;
}

export interface DayTotals {
  day: string;
  transactions: number;
  netSales: number;
  itemsSold: number;
  discounts: number;
  tax: number;
  refunds: number;
  refundCount: number;
}

export interface ProductFigures {
  productId: string | null;
  name: string;
  category: string | null;
  units: number;
  net: number;
  /** Cost of the units, from lines that carry a cost. */
  cost: number;
  /** Net of the lines without a cost (left out of margins). */
  netWithoutCost: number;
}

export const insightRepository = {
  async findBusiness(tx: Tx, businessId: string) {
    const [row] = rowsOf<{ currency: string; time_zone: string }>(
      await tx.execute(sql`select currency, time_zone from businesses where id = ${businessId}`),
    );
    // A zone neither Intl nor PostgreSQL knows must not break a report: UTC then (as core's safeTimeZone).
    return row ? { currency: row.currency, timeZone: safeTimeZone(row.time_zone) } : null;
  },

  /** Sales and refunds per local day; days without either are absent. */
  async dailyTotals(tx: Tx, businessId: string, period: Period): Promise<DayTotals[]> {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        select ${dayText(sql`r.day`)} as day, sum(r.transactions)::int as transactions, sum(r.sold_net - r.refund_net)::float8 as net,
               sum(r.discounts)::float8 as discounts, sum(r.sold_tax - r.refund_tax)::float8 as tax, sum(r.sold_units - r.refund_units)::float8 as units,
               sum(r.refund_net)::float8 as refunds, sum(r.refund_count)::int as refund_count
          from insight_daily_sales r
         where ${rollupDays(sql`r`, businessId, period)}
         group by r.day order by r.day`)
        : await tx.execute(sql`
        with sold as (
          select ${localDay(sql`o.paid_at`, period.timeZone)} as day, 1 as transactions,
                 (o.total - o.tax_total)::float8 as net, o.discount_total::float8 as discounts, o.tax_total::float8 as tax,
                 (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id and l.business_id = o.business_id)::float8 as units,
                 0::float8 as refunds, 0 as refund_count
            from orders o
           where o.business_id = ${businessId} and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
          union all
          select ${localDay(sql`r.created_at`, period.timeZone)}, 0, -r.net::float8, 0, -r.tax::float8,
                 -(select coalesce(sum(rl.quantity), 0) from refund_lines rl where rl.refund_id = r.id and rl.business_id = r.business_id)::float8,
                 r.net::float8, 1
            from refunds r
           where r.business_id = ${businessId} and ${within(sql`r.created_at`, period)}
        )
        select day, sum(transactions)::int as transactions, sum(net) as net, sum(discounts) as discounts, sum(tax) as tax,
               sum(units) as units, sum(refunds) as refunds, sum(refund_count)::int as refund_count
          from sold group by day order by day`),
    );
    return rows.map((row) => ({
      day: String(row.day),
      transactions: num(row.transactions),
      netSales: num(row.net),
      itemsSold: num(row.units),
      discounts: num(row.discounts),
      tax: num(row.tax),
      refunds: num(row.refunds),
      refundCount: num(row.refund_count),
    }));
  },

  /** Sales (before refunds) per local hour 0–23 or ISO weekday 1–7 of their payment. */
  async salesBy(tx: Tx, businessId: string, period: Period, unit: 'hour' | 'isodow') {
    const part = unit === 'hour' ? sql`hour` : sql`isodow`;
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        select ${unit === 'hour' ? sql`r.hour::int` : sql`extract(isodow from r.day)::int`} as slot, sum(r.transactions)::int as transactions,
               sum(r.sold_net)::float8 as net
          from insight_daily_sales r
         where ${rollupDays(sql`r`, businessId, period)}
         group by 1 having sum(r.transactions) <> 0 order by 1`)
        : await tx.execute(sql`
        select extract(${part} from o.paid_at at time zone ${period.timeZone})::int as slot, count(*)::int as transactions,
               sum(o.total - o.tax_total)::float8 as net
          from orders o
         where o.business_id = ${businessId} and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
         group by 1 order by 1`),
    );
    return rows.map((row) => ({ slot: num(row.slot), transactions: num(row.transactions), netSales: num(row.net) }));
  },

  /** Units, net sales and cost per product (refunds taken off on their own day), best selling first. */
  async productFigures(tx: Tx, businessId: string, period: Period, limit = 1000): Promise<ProductFigures[]> {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        with facts as (
          select nullif(r.product_id, ${NONE}::uuid) as product_id, r.name, sum(r.facts) as facts, sum(r.units) as units, sum(r.net) as net,
                 sum(r.cost) as cost, sum(r.net_without_cost) as net_without_cost
            from (${productRollupRows(businessId, period)}) r
           group by r.product_id, r.name
        )
        select f.product_id, coalesce(p.name, f.name) as name, c.name as category, sum(f.units)::float8 as units, sum(f.net)::float8 as net,
               sum(f.cost)::float8 as cost, sum(f.net_without_cost)::float8 as net_without_cost
          from facts f
          left join products p on p.id = f.product_id and p.business_id = ${businessId}
          left join categories c on c.id = p.category_id and c.business_id = ${businessId}
         group by f.product_id, coalesce(p.name, f.name), c.name
        having sum(f.facts) > 0
         order by sum(f.net) desc, 2
         limit ${limit}`)
        : await tx.execute(sql`
        with facts as (${lineFacts(businessId, period)})
        select f.product_id, coalesce(p.name, f.name) as name, c.name as category, sum(f.units)::float8 as units, sum(f.net) as net,
               coalesce(sum(f.cost), 0)::float8 as cost, coalesce(sum(f.net) filter (where f.cost is null), 0)::float8 as net_without_cost
          from facts f
          left join products p on p.id = f.product_id and p.business_id = ${businessId}
          left join categories c on c.id = p.category_id and c.business_id = ${businessId}
         group by f.product_id, coalesce(p.name, f.name), c.name
         order by sum(f.net) desc, 2
         limit ${limit}`),
    );
    return rows.map((row) => ({
      productId: row.product_id === null ? null : String(row.product_id),
      name: String(row.name),
      category: row.category === null ? null : String(row.category),
      units: num(row.units),
      net: num(row.net),
      cost: num(row.cost),
      netWithoutCost: num(row.net_without_cost),
    }));
  },

  /** Net sales and cost per local day, for the margin trend. */
  async dailyMargins(tx: Tx, businessId: string, period: Period) {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        select ${dayText(sql`r.day`)} as day, (r.net - r.net_without_cost)::float8 as net, r.cost::float8 as cost
          from insight_daily_margins r
         where ${rollupDays(sql`r`, businessId, period)} and r.facts > 0
         order by r.day`)
        : await tx.execute(sql`
        with facts as (${lineFacts(businessId, period)})
        select day, sum(net) filter (where cost is not null)::float8 as net, coalesce(sum(cost), 0)::float8 as cost
          from facts group by day order by day`),
    );
    return rows.map((row) => ({ day: String(row.day), netWithCost: num(row.net), cost: num(row.cost) }));
  },

  /** Who rang sales up and who gave refunds. */
  async employeeFigures(tx: Tx, businessId: string, period: Period) {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        with facts as (
          select nullif(r.employee_id, ${NONE}::uuid) as employee_id, sum(r.transactions) as transactions, sum(r.refund_count) as refund_count,
                 sum(r.net) as net, sum(r.refunds) as refunds
            from insight_daily_employees r
           where ${rollupDays(sql`r`, businessId, period)}
           group by r.employee_id
        )
        select f.employee_id, e.full_name, sum(f.transactions)::int as transactions, sum(f.net)::float8 as net, sum(f.refunds)::float8 as refunds
          from facts f left join employees e on e.id = f.employee_id and e.business_id = ${businessId}
         group by f.employee_id, e.full_name
        having sum(f.transactions) + sum(f.refund_count) > 0
         order by sum(f.net) desc`)
        : await tx.execute(sql`
        with facts as (
          select o.employee_id, 1 as transactions, (o.total - o.tax_total)::float8 as net, 0::float8 as refunds
            from orders o where o.business_id = ${businessId} and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
          union all
          select r.employee_id, 0, 0, r.net::float8
            from refunds r where r.business_id = ${businessId} and ${within(sql`r.created_at`, period)}
        )
        select f.employee_id, e.full_name, sum(f.transactions)::int as transactions, sum(f.net) as net, sum(f.refunds) as refunds
          from facts f left join employees e on e.id = f.employee_id and e.business_id = ${businessId}
         group by f.employee_id, e.full_name order by sum(f.net) desc`),
    );
    return rows.map((row) => ({
      employeeId: row.employee_id === null ? null : String(row.employee_id),
      name: row.full_name === null ? null : String(row.full_name),
      transactions: num(row.transactions),
      sales: num(row.net),
      refunds: num(row.refunds),
    }));
  },

  /** Money taken and given back per payment method (tax included: it is what changed hands). */
  async paymentFigures(tx: Tx, businessId: string, period: Period) {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        select r.method, sum(r.payments)::int as payments, sum(r.taken)::float8 as taken, sum(r.refunded)::float8 as refunded
          from insight_daily_payments r
         where ${rollupDays(sql`r`, businessId, period)}
         group by r.method
        having sum(r.payments) + sum(r.refund_payments) > 0
         order by 3 desc`)
        : await tx.execute(sql`
        select p.method, count(*) filter (where p.refund_id is null)::int as payments,
               coalesce(sum(p.amount) filter (where p.refund_id is null), 0)::float8 as taken,
               coalesce(-sum(p.amount) filter (where p.refund_id is not null), 0)::float8 as refunded
          from payments p
         where p.business_id = ${businessId} and ${within(sql`p.created_at`, period)}
         group by p.method order by 3 desc`),
    );
    return rows.map((row) => ({ method: String(row.method), payments: num(row.payments), taken: num(row.taken), refunded: num(row.refunded) }));
  },

  /** Active products with their stock, cost, price, units sold in the period and last sale day up to its end. */
  async stockFigures(tx: Tx, businessId: string, period: Period) {
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        with sold as (
          select r.product_id, sum(r.units)::float8 as units
            from (${productRollupRows(businessId, period)}) r
           where r.product_id <> ${NONE}::uuid
           group by r.product_id having sum(r.facts) > 0
        )
        select p.id, p.name, c.name as category, p.track_stock, p.stock_quantity, p.cost::float8 as cost, p.price::float8 as price,
               coalesce(s.units, 0)::float8 as units,
               (select ${dayText(sql`max(r.day)`)} from insight_daily_products r
                 where r.business_id = ${businessId} and r.product_id = p.id and r.day <= ${period.to}::date and r.sold_lines > 0) as last_sold
          from products p
          left join categories c on c.id = p.category_id and c.business_id = ${businessId}
          left join sold s on s.product_id = p.id
         where p.business_id = ${businessId} and p.is_active
         order by p.search_name, p.id`)
        : await tx.execute(sql`
        with facts as (${lineFacts(businessId, period)}),
        sold as (select product_id, sum(units)::float8 as units from facts where product_id is not null group by product_id),
        last_sale as (
          select l.product_id, max(o.paid_at) as paid_at
            from order_lines l join orders o on o.id = l.order_id and o.business_id = l.business_id
           where l.business_id = ${businessId} and o.paid_at is not null
             and o.paid_at < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})
           group by l.product_id
        )
        select p.id, p.name, c.name as category, p.track_stock, p.stock_quantity, p.cost::float8 as cost, p.price::float8 as price,
               coalesce(s.units, 0)::float8 as units, ${localDay(sql`ls.paid_at`, period.timeZone)} as last_sold
          from products p
          left join categories c on c.id = p.category_id and c.business_id = ${businessId}
          left join sold s on s.product_id = p.id
          left join last_sale ls on ls.product_id = p.id
         where p.business_id = ${businessId} and p.is_active
         order by p.search_name, p.id`),
    );
    return rows.map((row) => ({
      productId: String(row.id),
      name: String(row.name),
      category: row.category === null ? null : String(row.category),
      trackStock: Boolean(row.track_stock),
      onHand: num(row.stock_quantity),
      cost: numOrNull(row.cost),
      price: num(row.price),
      unitsSold: num(row.units),
      lastSold: row.last_sold === null ? null : String(row.last_sold),
    }));
  },

  /**
   * No JIT compilation for the rest of the transaction (decision 071): the customers tab's RFM
   * statement carries a branch (one index range per customer) whose estimate passes PostgreSQL's
   * jit_above_cost though it runs for a few customers at most; compiling it cost more than the
   * statement (447 ms with JIT against 204 ms without, measured under load).
   */
  async withoutJit(tx: Tx) {
    await tx.execute(sql`set local jit = off`);
  },

  /**
   * The period's customers, summed in SQL (decision 054; a customer's orders, their net after all
   * of their refunds, the last visit day in the period, the first paid visit ever): the totals
   * (customers, those whose first paid visit ever is in the period, orders, net), the customers
   * ranked in the first `topCount` by net (all of them tied at the last place too: the caller
   * orders ties by name), how many customers made each number of visits, and, per local day,
   * customers on their first paid visit ever and the others (days without either are absent).
   * From the rollups in one statement: one scan of the period's customer days, the first visit
   * ever from insight_customer_totals (decision 071), and only the top customers handed over, not
   * every customer of the period (decision 073). From the lines, every customer comes back and is
   * counted here.
   */
  async customerPeriod(tx: Tx, businessId: string, period: Period, topCount: number) {
    const customerOf = (row: Record<string, unknown>) => ({
      customerId: String(row.customer_id),
      name: String(row.name),
      visits: num(row.orders),
      netSales: num(row.net),
      firstVisit: String(row.first_day),
      lastVisit: String(row.last_day),
    });
    const dayOf = (row: Record<string, unknown>) => ({ day: String(row.day), newCustomers: num(row.new_customers), returningCustomers: num(row.returning_customers) });
    if (fromRollups(period)) {
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
        with v as materialized (
          select r.customer_id, r.day, r.orders, r.net
            from insight_daily_customers r
           where ${rollupDays(sql`r`, businessId, period)} and r.orders > 0 and r.customer_id <> ${NONE}::uuid
        ),
        per as materialized (
          select w.*, c.name, t.first_day
            from (select customer_id, sum(orders) as orders, sum(net) as net, max(day) as last_day from v group by customer_id) w
            join customers c on c.id = w.customer_id and c.business_id = ${businessId}
            left join insight_customer_totals t on t.business_id = ${businessId} and t.customer_id = w.customer_id
        )
        select 'customer' as kind, ranked.customer_id, ranked.name, ranked.orders::int as orders, ranked.net::float8 as net,
               ${dayText(sql`ranked.last_day`)} as last_day, ${dayText(sql`ranked.first_day`)} as first_day,
               null as day, null::int as new_customers, null::int as returning_customers
          from (select per.*, rank() over (order by per.net desc) as place from per) ranked
         where ranked.place <= ${topCount}
        union all
        select 'totals', null, null, coalesce(sum(per.orders), 0)::int, coalesce(sum(per.net), 0)::float8, null, null, null,
               (count(*) filter (where per.first_day >= ${period.from}::date))::int, count(*)::int
          from per
        union all
        select 'visits', null, null, per.orders::int, null, null, null, null, null, count(*)::int
          from per
         group by per.orders
        union all
        select 'day', null, null, null, null, null, null, ${dayText(sql`v.day`)},
               (count(*) filter (where v.day = per.first_day))::int, (count(*) filter (where v.day <> per.first_day))::int
          from v join per on per.customer_id = v.customer_id
         group by v.day`),
      );
      // 'totals': orders and net summed, new customers, customers; 'visits': a number of visits and how many made it.
      const totalsRow = rows.find((row) => row.kind === 'totals') ?? {};
      return {
        totals: { customers: num(totalsRow.returning_customers), newCustomers: num(totalsRow.new_customers), transactions: num(totalsRow.orders), netSales: num(totalsRow.net) },
        top: rows.filter((row) => row.kind === 'customer').map(customerOf),
        visitCounts: rows.filter((row) => row.kind === 'visits').map((row) => ({ visits: num(row.orders), customers: num(row.returning_customers) })),
        days: rows.filter((row) => row.kind === 'day').map(dayOf),
      };
    }
    const customers = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
      with o as (
        select o.customer_id, ${localDay(sql`o.paid_at`, period.timeZone)} as day,
               o.total - o.tax_total - coalesce((select sum(r.net) from refunds r where r.order_id = o.id and r.business_id = o.business_id), 0) as net
          from orders o
         where o.business_id = ${businessId} and o.customer_id is not null and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
      )
      select o.customer_id, c.name, count(*)::int as orders, sum(o.net)::float8 as net, max(o.day) as last_day,
             (select ${localDay(sql`min(o2.paid_at)`, period.timeZone)} from orders o2
               where o2.business_id = ${businessId} and o2.customer_id = o.customer_id and o2.paid_at is not null) as first_day
        from o join customers c on c.id = o.customer_id and c.business_id = ${businessId}
       group by o.customer_id, c.name`),
    ).map(customerOf);
    const dayRows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
      with v as materialized (
        select distinct o.customer_id, ${localDay(sql`o.paid_at`, period.timeZone)} as day
          from orders o join customers c on c.id = o.customer_id and c.business_id = o.business_id
         where o.business_id = ${businessId} and o.customer_id is not null and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
      ),
      firsts as (
        select o2.customer_id, ${localDay(sql`min(o2.paid_at)`, period.timeZone)} as first_day
          from orders o2
         where o2.business_id = ${businessId} and o2.paid_at is not null and o2.customer_id in (select customer_id from v)
         group by o2.customer_id
      )
      select v.day, count(*) filter (where v.day = f.first_day)::int as new_customers,
             count(*) filter (where v.day <> f.first_day)::int as returning_customers
        from v join firsts f on f.customer_id = v.customer_id
       group by v.day order by v.day`),
    );
    const visitCounts = new Map<number, number>();
    for (const entry of customers) visitCounts.set(entry.visits, (visitCounts.get(entry.visits) ?? 0) + 1);
    return {
      totals: {
        customers: customers.length,
        newCustomers: customers.filter((entry) => entry.firstVisit >= period.from).length,
        transactions: customers.reduce((sum, entry) => sum + entry.visits, 0),
        netSales: customers.reduce((sum, entry) => sum + entry.netSales, 0),
      },
      top: customers,
      visitCounts: [...visitCounts].map(([visits, count]) => ({ visits, customers: count })),
      days: dayRows.map(dayOf),
    };
  },

  /**
   * The period's customer counts and sums only (the comparison period's summary, decision 071):
   * customers with a visit, those whose first paid visit ever is in the period, their orders and
   * net. From the rollups one row, without handing every customer over; from the lines, the
   * reference customerPeriod summed.
   */
  async customerPeriodTotals(tx: Tx, businessId: string, period: Period) {
    if (!fromRollups(period)) return (await this.customerPeriod(tx, businessId, period, 0)).totals;
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select count(*)::int as customers, (count(*) filter (where t.first_day >= ${period.from}::date))::int as new_customers,
               coalesce(sum(w.orders), 0)::int as orders, coalesce(sum(w.net), 0)::float8 as net
          from (select r.customer_id, sum(r.orders) as orders, sum(r.net) as net
                  from insight_daily_customers r
                 where ${rollupDays(sql`r`, businessId, period)} and r.orders > 0 and r.customer_id <> ${NONE}::uuid
                 group by r.customer_id) w
          join customers c on c.id = w.customer_id and c.business_id = ${businessId}
          left join insight_customer_totals t on t.business_id = ${businessId} and t.customer_id = w.customer_id`),
    );
    return { customers: num(row?.customers), newCustomers: num(row?.new_customers), transactions: num(row?.orders), netSales: num(row?.net) };
  },

  /**
   * Each customer's visits from `since` to the period's end, summed for RFM: last visit day, days
   * with a visit and net after refunds. From the rollups (decision 071): a customer whose visits
   * all fall inside the window is their insight_customer_totals row as it is, the others' day rows
   * in the window are summed, one index range a customer; when those are many, every customer is
   * summed from one scan of the window's day rows (as before decision 071).
   */
  async customerVisitSummaries(tx: Tx, businessId: string, period: Period, since: string) {
    const window = { ...period, from: since };
    const inside = sql`t.first_day >= ${since}::date and t.last_day <= ${period.to}::date`;
    const rows = rowsOf<Record<string, unknown>>(
      fromRollups(period)
        ? await tx.execute(sql`
        with outside as materialized (
          select t.customer_id from insight_customer_totals t join customers c on c.id = t.customer_id and c.business_id = t.business_id
           where t.business_id = ${businessId} and (${inside}) is not true
        )
        select ${dayText(sql`t.last_day`)} as last_day, t.visits, t.net::float8 as net
          from insight_customer_totals t join customers c on c.id = t.customer_id and c.business_id = t.business_id
         where (select count(*) from outside) <= ${FEW_OUTSIDE} and t.business_id = ${businessId} and ${inside}
        union all
        select ${dayText(sql`s.last_day`)}, s.visits, s.net
          from outside o,
               lateral (select max(r.day) as last_day, count(*)::int as visits, sum(r.net)::float8 as net
                          from insight_daily_customers r
                         where r.business_id = ${businessId} and r.customer_id = o.customer_id and r.day between ${since}::date and ${period.to}::date and r.orders > 0) s
         where (select count(*) from outside) <= ${FEW_OUTSIDE} and s.visits > 0
        union all
        select ${dayText(sql`max(r.day)`)}, count(*)::int, sum(r.net)::float8
          from insight_daily_customers r join customers c on c.id = r.customer_id and c.business_id = r.business_id
         where (select count(*) from outside) > ${FEW_OUTSIDE} and ${rollupDays(sql`r`, businessId, window)} and r.orders > 0
         group by r.customer_id`)
        : await tx.execute(sql`
        with o as (
          select o.customer_id, ${localDay(sql`o.paid_at`, period.timeZone)} as day,
                 o.total - o.tax_total - coalesce((select sum(r.net) from refunds r where r.order_id = o.id and r.business_id = o.business_id), 0) as net
            from orders o join customers c on c.id = o.customer_id and c.business_id = o.business_id
           where o.business_id = ${businessId} and o.customer_id is not null and o.paid_at is not null and ${within(sql`o.paid_at`, window)}
        )
        select max(day) as last_day, count(distinct day)::int as visits, sum(net)::float8 as net from o group by customer_id`),
    );
    return rows.map((row) => ({ lastVisit: String(row.last_day), visits: num(row.visits), monetary: num(row.net) }));
  },

  /** Paid sales of the period without a customer. */
  async anonymousTransactions(tx: Tx, businessId: string, period: Period) {
    const [row] = rowsOf<{ count: unknown }>(
      fromRollups(period)
        ? await tx.execute(sql`
        select coalesce(sum(r.orders), 0)::int as count from insight_daily_customers r
         where ${rollupDays(sql`r`, businessId, period)} and r.customer_id = ${NONE}::uuid`)
        : await tx.execute(sql`
        select count(*)::int as count from orders o
         where o.business_id = ${businessId} and o.customer_id is null and o.paid_at is not null and ${within(sql`o.paid_at`, period)}`),
    );
    return num(row?.count);
  },

  /** Tracked, active products at or under their low-stock level (default 5), emptiest first. */
  async lowStock(tx: Tx, businessId: string, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select p.id, p.name, p.stock_quantity, p.low_stock_threshold
          from products p
         where p.business_id = ${businessId} and p.is_active and p.track_stock
           and p.stock_quantity <= coalesce(p.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD})
         order by p.stock_quantity, p.search_name
         limit ${limit}`),
    );
    return rows.map((row) => ({
      productId: String(row.id),
      name: String(row.name),
      onHand: num(row.stock_quantity),
      threshold: numOrNull(row.low_stock_threshold) ?? DEFAULT_LOW_STOCK_THRESHOLD,
    }));
  },

  /** Drawer sessions still open (cash_management), oldest first, with their till. */
  async openCashSessions(tx: Tx, businessId: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select s.id, r.name as register_name, s.opened_by_name, s.opening_float::float8 as opening_float,
               round(extract(epoch from s.opened_at) * 1000)::float8 as opened_at
          from cash_sessions s join registers r on r.id = s.register_id and r.business_id = s.business_id
         where s.business_id = ${businessId} and s.status = 'open'
         order by s.opened_at, s.id`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      registerName: String(row.register_name),
      openedByName: String(row.opened_by_name),
      openingFloat: num(row.opening_float),
      openedAt: new Date(num(row.opened_at)).toISOString(),
    }));
  },

  /** The latest paid sales, newest first. */
  async recentOrders(tx: Tx, businessId: string, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select o.id, o.number, o.status, o.total::float8 as total, o.refunded_total::float8 as refunded_total,
               round(extract(epoch from o.paid_at) * 1000)::float8 as paid_at, c.name as customer_name,
               (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id and l.business_id = o.business_id)::int as item_count
          from orders o left join customers c on c.id = o.customer_id and c.business_id = o.business_id
         where o.business_id = ${businessId} and o.paid_at is not null
         order by o.paid_at desc, o.id desc
         limit ${limit}`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      number: numOrNull(row.number),
      status: String(row.status),
      total: num(row.total),
      refundedTotal: num(row.refunded_total),
      itemCount: num(row.item_count),
      customerName: row.customer_name === null ? null : String(row.customer_name),
      paidAt: new Date(num(row.paid_at)).toISOString(),
    }));
  },
};
