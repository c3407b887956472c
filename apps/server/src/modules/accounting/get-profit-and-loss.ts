import {
  emptyMonthFacts,
  lineGrossBeforeTax,
  monthRangeDays,
  monthRangeProblem,
  monthsOf,
  statementOf,
  sumMonthFacts,
  type MonthFacts,
  type MonthRange,
} from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { accountingRepository as repo } from './accounting.repository.ts';

/**
 * Profit and loss per local month (issue 20 item 14): gross sales, discounts, refunds (in the
 * month of the refund), net sales, tax apart, cost of goods sold at the time of sale (refunded
 * units' cost returned), gross profit, expenses by category before tax, operating profit, and a
 * total column. Imported sales history is included and flagged.
 */
export async function getProfitAndLoss(database: Database, businessId: string, range: MonthRange) {
  const problem = monthRangeProblem(range);
  if (problem) throw badRequest('invalid_range', problem);
  const days = monthRangeDays(range);
  return database.withTenant(businessId, async (tx) => {
    const business = await repo.findBusiness(tx, businessId);
    if (!business) throw notFound('business_not_found', 'No business is set up for this account');
    const period = { timeZone: business.timeZone, ...days };
    const facts = new Map<string, MonthFacts>(monthsOf(range).map((month) => [month, emptyMonthFacts()]));
    const factsOf = (month: string) => facts.get(month)!;
    for (const row of await repo.salesByMonth(tx, businessId, period)) {
      const month = factsOf(row.month);
      const grossBeforeTax = lineGrossBeforeTax(row.gross, row.taxRateBasisPoints, row.pricesIncludeTax);
      month.grossSales += grossBeforeTax;
      // What came off between the gross and the net is the discount, before tax as the net is.
      month.discounts += grossBeforeTax - row.net;
      month.tax += row.tax;
      month.costOfGoodsSold += row.cost;
      month.importedSales += row.importedNet;
    }
    for (const row of await repo.refundsByMonth(tx, businessId, period)) {
      const month = factsOf(row.month);
      month.refunds += row.net;
      month.tax -= row.tax;
      month.costOfGoodsSold -= row.cost;
    }
    const categories = new Map<string, string>();
    for (const row of await repo.expensesByMonth(tx, businessId, period)) {
      categories.set(row.categoryId, row.category);
      const month = factsOf(row.month);
      month.expenses[row.categoryId] = (month.expenses[row.categoryId] ?? 0) + row.amount;
    }
    const expenseCategories = [...categories].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    // The wire's shape (decision 070: snake_case); the statement's own fields stay camelCase inside.
    const view = (statement: ReturnType<typeof statementOf>) => ({
      gross_sales: statement.grossSales,
      discounts: statement.discounts,
      refunds: statement.refunds,
      net_sales: statement.netSales,
      tax: statement.tax,
      cost_of_goods_sold: statement.costOfGoodsSold,
      gross_profit: statement.grossProfit,
      margin: statement.margin,
      expenses: expenseCategories.map((category) => ({ category_id: category.id, amount: statement.expenses[category.id] ?? 0 })),
      total_expenses: statement.totalExpenses,
      operating_profit: statement.operatingProfit,
      operating_margin: statement.operatingMargin,
      imported_sales: statement.importedSales,
    });
    const months = [...facts].map(([month, monthFacts]) => ({ month, ...view(statementOf(monthFacts)) }));
    const total = view(statementOf(sumMonthFacts([...facts.values()])));
    return {
      currency: business.currency,
      time_zone: business.timeZone,
      range: { from: range.from, to: range.to },
      days,
      includes_imported_sales: total.imported_sales !== 0 || months.some((month) => month.imported_sales !== 0),
      expense_categories: expenseCategories,
      months,
      total,
    };
  });
}
