import { safeTimeZone } from '@till/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The profit-and-loss statement's queries (issue 20 item 14, decision 047). A sale counts in the
 * local month it was paid, a refund in the local month it was made, both cut at local midnight
 * of the 1st in the business's time zone; an expense in the month of its date. Sums leave SQL as
 * float8 (exact below 2^53 minor units) and months as 'YYYY-MM' text.
 */

/** Local days `from`..`to` (first and last day of the months) in `timeZone`. */
export interface MonthPeriod {
  timeZone: string;
  from: string;
  to: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

function within(column: SQL, period: MonthPeriod): SQL {
  return sql`${column} >= (${period.from}::date::timestamp at time zone ${period.timeZone})
         and ${column} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`;
}

const localMonth = (column: SQL, timeZone: string) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;

export interface SoldByRate {
  month: string;
  taxRateBasisPoints: number;
  pricesIncludeTax: boolean;
  /** Lines before discounts, at the prices rung up (tax included when prices include it). */
  gross: number;
  /** After every discount, before tax. */
  net: number;
  tax: number;
  /** Units × cost at the time of sale, of the lines that carry one. */
  cost: number;
  /** net of the lines of imported sales. */
  importedNet: number;
}

export const accountingRepository = {
  async findBusiness(tx: Tx, businessId: string) {
    const [row] = rowsOf<{ currency: string; time_zone: string }>(
      await tx.execute(sql`select currency, time_zone from businesses where id = ${businessId}`),
    );
    return row ? { currency: row.currency, timeZone: safeTimeZone(row.time_zone) } : null;
  },

  /** Sold lines per local month of payment, tax rate and price mode. */
  async salesByMonth(tx: Tx, businessId: string, period: MonthPeriod): Promise<SoldByRate[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select ${localMonth(sql`o.paid_at`, period.timeZone)} as month, l.tax_rate_basis_points as rate, o.prices_include_tax as inclusive,
               sum(l.gross)::float8 as gross, sum(l.net)::float8 as net, sum(l.tax)::float8 as tax,
               coalesce(sum(l.quantity * l.unit_cost), 0)::float8 as cost,
               coalesce(sum(l.net) filter (where o.import_id is not null), 0)::float8 as imported_net
          from order_lines l
          join orders o on o.id = l.order_id and o.business_id = l.business_id
         where l.business_id = ${businessId} and o.business_id = ${businessId} and o.paid_at is not null and ${within(sql`o.paid_at`, period)}
         group by 1, 2, 3 order by 1, 2, 3`),
    );
    return rows.map((row) => ({
      month: String(row.month),
      taxRateBasisPoints: num(row.rate),
      pricesIncludeTax: Boolean(row.inclusive),
      gross: num(row.gross),
      net: num(row.net),
      tax: num(row.tax),
      cost: num(row.cost),
      importedNet: num(row.imported_net),
    }));
  },

  /** Refunds per local month they were made: before tax, their tax, and the cost at the time of sale of the units given back. */
  async refundsByMonth(tx: Tx, businessId: string, period: MonthPeriod) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select ${localMonth(sql`r.created_at`, period.timeZone)} as month, sum(r.net)::float8 as net, sum(r.tax)::float8 as tax,
               coalesce(sum((select sum(rl.quantity * l.unit_cost)
                               from refund_lines rl join order_lines l on l.id = rl.order_line_id and l.business_id = rl.business_id
                              where rl.refund_id = r.id and rl.business_id = r.business_id)), 0)::float8 as cost
          from refunds r
         where r.business_id = ${businessId} and ${within(sql`r.created_at`, period)}
         group by 1 order by 1`),
    );
    return rows.map((row) => ({ month: String(row.month), net: num(row.net), tax: num(row.tax), cost: num(row.cost) }));
  },

  /** Expenses before tax per month of their date and category. */
  async expensesByMonth(tx: Tx, businessId: string, period: MonthPeriod) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select to_char(e.expense_date, 'YYYY-MM') as month, e.category_id, c.name, sum(e.amount - e.tax_amount)::float8 as amount
          from expenses e
          join expense_categories c on c.id = e.category_id and c.business_id = e.business_id
         where e.business_id = ${businessId} and e.expense_date >= ${period.from}::date and e.expense_date <= ${period.to}::date
         group by 1, 2, 3 order by 1, 3`),
    );
    return rows.map((row) => ({ month: String(row.month), categoryId: String(row.category_id), category: String(row.name), amount: num(row.amount) }));
  },
};
