import { safeTimeZone } from '@till/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Employee performance queries (issue 20 item 10, decision 047). A sale counts for the employee
 * whose session rang it up, on the local day it was paid; a refund for whoever processed it, on
 * the day it was made. Sales and refunds made on the owner's own account (no employee session)
 * count for the business-owner employee. Imported sales history has no employee and is left out.
 */

export interface PerformancePeriod {
  timeZone: string;
  from: string;
  to: string;
  storeId?: string | undefined;
  employeeId?: string | undefined;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

function within(column: SQL, period: PerformancePeriod): SQL {
  return sql`${column} >= (${period.from}::date::timestamp at time zone ${period.timeZone})
         and ${column} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`;
}

const inStore = (period: PerformancePeriod) => (period.storeId ? sql` and o.store_id = ${period.storeId}` : sql``);

export const employeePerformanceRepository = {
  async findBusiness(tx: Tx, businessId: string) {
    const [row] = rowsOf<{ currency: string; time_zone: string }>(
      await tx.execute(sql`select currency, time_zone from businesses where id = ${businessId}`),
    );
    return row ? { currency: row.currency, timeZone: safeTimeZone(row.time_zone) } : null;
  },

  async employeeExists(tx: Tx, businessId: string, employeeId: string) {
    const rows = rowsOf(await tx.execute(sql`select 1 from employees where business_id = ${businessId} and id = ${employeeId}`));
    return rows.length > 0;
  },

  async storeExists(tx: Tx, businessId: string, storeId: string) {
    const rows = rowsOf(await tx.execute(sql`select 1 from stores where business_id = ${businessId} and id = ${storeId}`));
    return rows.length > 0;
  },

  /** The business's employees (all, or the one asked for), active first. */
  async employees(tx: Tx, businessId: string, employeeId?: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select id, full_name, role, is_active from employees
         where business_id = ${businessId}${employeeId ? sql` and id = ${employeeId}` : sql``}
         order by is_active desc, full_name, id`),
    );
    return rows.map((row) => ({ employeeId: String(row.id), name: String(row.full_name), role: String(row.role), isActive: Boolean(row.is_active) }));
  },

  /** Sales and refunds per employee in the period (and store). */
  async salesFigures(tx: Tx, businessId: string, period: PerformancePeriod) {
    const owner = sql`(select e.id from employees e where e.business_id = ${businessId} and e.role = 'business_owner' order by e.is_active desc, e.created_at, e.id limit 1)`;
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with facts as (
          select coalesce(o.employee_id, ${owner}) as employee_id, 1 as sales, (o.total - o.tax_total)::float8 as net,
                 (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id and l.business_id = o.business_id)::float8 as units,
                 o.discount_total::float8 as discounts, 0 as refunds, 0::float8 as refund_amount
            from orders o
           where o.business_id = ${businessId} and o.paid_at is not null and o.import_id is null and ${within(sql`o.paid_at`, period)}${inStore(period)}
          union all
          select coalesce(r.employee_id, ${owner}), 0, 0, 0, 0, 1, r.net::float8
            from refunds r join orders o on o.id = r.order_id and o.business_id = r.business_id
           where r.business_id = ${businessId} and ${within(sql`r.created_at`, period)}${inStore(period)}
        )
        select employee_id, sum(sales)::int as sales, sum(net) as net, sum(units) as units, sum(discounts) as discounts,
               sum(refunds)::int as refunds, sum(refund_amount) as refund_amount
          from facts
         where employee_id is not null${period.employeeId ? sql` and employee_id = ${period.employeeId}` : sql``}
         group by employee_id`),
    );
    return rows.map((row) => ({
      employeeId: String(row.employee_id),
      sales: num(row.sales),
      netSales: num(row.net),
      itemsSold: num(row.units),
      discounts: num(row.discounts),
      refunds: num(row.refunds),
      refundAmount: num(row.refund_amount),
    }));
  },

  /** Time-clock shifts that started in the period. */
  async shifts(tx: Tx, businessId: string, period: PerformancePeriod) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select t.employee_id, round(extract(epoch from t.clock_in_time) * 1000)::float8 as clock_in,
               round(extract(epoch from t.clock_out_time) * 1000)::float8 as clock_out,
               round(extract(epoch from t.break_start_time) * 1000)::float8 as break_start,
               round(extract(epoch from t.break_end_time) * 1000)::float8 as break_end, t.total_hours::float8 as total_hours
          from time_clock t
         where t.business_id = ${businessId} and ${within(sql`t.clock_in_time`, period)}
               ${period.employeeId ? sql` and t.employee_id = ${period.employeeId}` : sql``}`),
    );
    const instant = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));
    return rows.map((row) => ({
      employeeId: String(row.employee_id),
      clockIn: instant(row.clock_in)!,
      clockOut: instant(row.clock_out),
      breakStart: instant(row.break_start),
      breakEnd: instant(row.break_end),
      totalHours: row.total_hours === null || row.total_hours === undefined ? null : Number(row.total_hours),
    }));
  },
};
