import type { DayRange } from '@till/core';
import type { getCustomersReport } from './get-customers-report.ts';
import type { getDashboard } from './get-dashboard.ts';
import type { getInventoryReport } from './get-inventory-report.ts';
import type { getProfitabilityReport } from './get-profitability-report.ts';
import type { getSalesReport } from './get-sales-report.ts';
import type { SalesSummary } from './get-sales-report.ts';

/**
 * The dashboard and the analytics tabs as the API returns them (snake_case, decision 070). The
 * use-cases and the repository keep TypeScript's casing; these turn their figures into the wire's.
 */

type SalesReport = Awaited<ReturnType<typeof getSalesReport>>;
type ProfitabilityReport = Awaited<ReturnType<typeof getProfitabilityReport>>;
type InventoryReport = Awaited<ReturnType<typeof getInventoryReport>>;
type CustomersReport = Awaited<ReturnType<typeof getCustomersReport>>;
type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

interface ReportHead {
  currency: string;
  timeZone: string;
  range: DayRange;
}

const headOf = (report: ReportHead) => ({ currency: report.currency, time_zone: report.timeZone, range: { from: report.range.from, to: report.range.to } });
const rangeOf = (range: DayRange | null) => range && { from: range.from, to: range.to };

function salesSummaryView(summary: SalesSummary) {
  return {
    net_sales: summary.netSales,
    transactions: summary.transactions,
    average_sale: summary.averageSale,
    items_sold: summary.itemsSold,
    discounts: summary.discounts,
    refunds: summary.refunds,
    refund_count: summary.refundCount,
    tax: summary.tax,
  };
}

export function toSalesReportView(report: SalesReport) {
  return {
    ...headOf(report),
    comparison_range: rangeOf(report.comparisonRange),
    summary: salesSummaryView(report.summary),
    comparison_summary: report.comparisonSummary && salesSummaryView(report.comparisonSummary),
    days: report.days.map((day) => ({
      day: day.day,
      transactions: day.transactions,
      net_sales: day.netSales,
      items_sold: day.itemsSold,
      discounts: day.discounts,
      tax: day.tax,
      refunds: day.refunds,
      refund_count: day.refundCount,
      comparison_day: day.comparisonDay,
      comparison_net_sales: day.comparisonNetSales,
    })),
    hours: report.hours.map((row) => ({ hour: row.hour, transactions: row.transactions, net_sales: row.netSales })),
    weekdays: report.weekdays.map((row) => ({ weekday: row.weekday, transactions: row.transactions, net_sales: row.netSales })),
    categories: report.categories.map((row) => ({ category: row.category, units: row.units, net_sales: row.netSales })),
    products: report.products.map((row) => ({ product_id: row.productId, name: row.name, category: row.category, units: row.units, net_sales: row.netSales })),
    employees: report.employees.map((row) => ({
      employee_id: row.employeeId,
      name: row.name,
      transactions: row.transactions,
      sales: row.sales,
      refunds: row.refunds,
    })),
    payment_methods: report.paymentMethods.map((row) => ({ method: row.method, payments: row.payments, taken: row.taken, refunded: row.refunded })),
  };
}

interface Margins {
  netSales: number;
  costedSales: number;
  uncostedSales: number;
  cost: number;
  grossProfit: number;
  margin: number | null;
}

function marginsView(margins: Margins) {
  return {
    net_sales: margins.netSales,
    costed_sales: margins.costedSales,
    uncosted_sales: margins.uncostedSales,
    cost: margins.cost,
    gross_profit: margins.grossProfit,
    margin: margins.margin,
  };
}

export function toProfitabilityReportView(report: ProfitabilityReport) {
  return {
    ...headOf(report),
    comparison_range: rangeOf(report.comparisonRange),
    summary: marginsView(report.summary),
    comparison_summary: report.comparisonSummary && marginsView(report.comparisonSummary),
    products: report.products.map((row) => ({ product_id: row.productId, name: row.name, category: row.category, units: row.units, ...marginsView(row) })),
    categories: report.categories.map((row) => ({ category: row.category, ...marginsView(row) })),
    days: report.days.map((row) => ({ day: row.day, costed_sales: row.costedSales, cost: row.cost, gross_profit: row.grossProfit, margin: row.margin })),
  };
}

export function toInventoryReportView(report: InventoryReport) {
  const { summary } = report;
  return {
    ...headOf(report),
    dead_stock_days: report.deadStockDays,
    summary: {
      tracked_products: summary.trackedProducts,
      units_on_hand: summary.unitsOnHand,
      value_at_cost: summary.valueAtCost,
      value_at_retail: summary.valueAtRetail,
      products_without_cost: summary.productsWithoutCost,
      units_sold: summary.unitsSold,
      sell_through: summary.sellThrough,
      dead_stock_products: summary.deadStockProducts,
      dead_stock_value_at_cost: summary.deadStockValueAtCost,
    },
    products: report.products.map((row) => ({
      product_id: row.productId,
      name: row.name,
      category: row.category,
      on_hand: row.onHand,
      cost: row.cost,
      price: row.price,
      value_at_cost: row.valueAtCost,
      value_at_retail: row.valueAtRetail,
      units_sold: row.unitsSold,
      sell_through: row.sellThrough,
      daily_average: row.dailyAverage,
      days_of_cover: row.daysOfCover,
      last_sold: row.lastSold,
      dead_stock: row.deadStock,
    })),
    categories: report.categories.map((row) => ({
      category: row.category,
      products: row.products,
      units_on_hand: row.unitsOnHand,
      value_at_cost: row.valueAtCost,
      value_at_retail: row.valueAtRetail,
      units_sold: row.unitsSold,
    })),
  };
}

function customersSummaryView(summary: CustomersReport['summary']) {
  return {
    customers: summary.customers,
    new_customers: summary.newCustomers,
    returning_customers: summary.returningCustomers,
    customer_transactions: summary.customerTransactions,
    anonymous_transactions: summary.anonymousTransactions,
    net_sales: summary.netSales,
    average_spend: summary.averageSpend,
    average_visits: summary.averageVisits,
  };
}

export function toCustomersReportView(report: CustomersReport) {
  return {
    ...headOf(report),
    comparison_range: rangeOf(report.comparisonRange),
    summary: customersSummaryView(report.summary),
    comparison_summary: report.comparisonSummary && customersSummaryView(report.comparisonSummary),
    days: report.days.map((row) => ({ day: row.day, new_customers: row.newCustomers, returning_customers: row.returningCustomers })),
    top_customers: report.topCustomers.map((row) => ({
      customer_id: row.customerId,
      name: row.name,
      visits: row.visits,
      net_sales: row.netSales,
      first_visit: row.firstVisit,
      last_visit: row.lastVisit,
      is_new: row.isNew,
    })),
    visit_frequency: report.visitFrequency.map((row) => ({ label: row.label, min_visits: row.minVisits, max_visits: row.maxVisits, customers: row.customers })),
    segments: report.segments.map((row) => ({ segment: row.segment, label: row.label, customers: row.customers, revenue: row.revenue, share: row.share })),
  };
}

type DashboardFigures = NonNullable<Dashboard['sales']>['today'];

function dashboardFiguresView(figures: DashboardFigures) {
  return {
    net_sales: figures.netSales,
    transactions: figures.transactions,
    average_sale: figures.averageSale,
    items_sold: figures.itemsSold,
    refunds: figures.refunds,
  };
}

export function toDashboardView(dashboard: Dashboard) {
  const { sales } = dashboard;
  return {
    currency: dashboard.currency,
    time_zone: dashboard.timeZone,
    today: dashboard.today,
    compared_with: dashboard.comparedWith,
    as_of: dashboard.asOf,
    sales: sales && {
      today: dashboardFiguresView(sales.today),
      last_week: dashboardFiguresView(sales.lastWeek),
      by_hour: sales.byHour.map((row) => ({ hour: row.hour, transactions: row.transactions, net_sales: row.netSales })),
      top_products: sales.topProducts.map((row) => ({ product_id: row.productId, name: row.name, units: row.units, net_sales: row.netSales })),
    },
    low_stock: dashboard.lowStock && dashboard.lowStock.map((row) => ({ product_id: row.productId, name: row.name, on_hand: row.onHand, threshold: row.threshold })),
    open_cash_sessions:
      dashboard.openCashSessions &&
      dashboard.openCashSessions.map((row) => ({
        id: row.id,
        register_name: row.registerName,
        opened_by_name: row.openedByName,
        opening_float: row.openingFloat,
        opened_at: row.openedAt,
      })),
    recent_orders: dashboard.recentOrders.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      total: row.total,
      refunded_total: row.refundedTotal,
      item_count: row.itemCount,
      customer_name: row.customerName,
      paid_at: row.paidAt,
    })),
  };
}
