import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoDateInput, REPORT_COMPARISONS } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getCustomersReport } from './get-customers-report.ts';
import { getDashboard } from './get-dashboard.ts';
import { getInventoryReport } from './get-inventory-report.ts';
import { getProfitabilityReport } from './get-profitability-report.ts';
import { getSalesReport } from './get-sales-report.ts';
import { toCustomersReportView, toDashboardView, toInventoryReportView, toProfitabilityReportView, toSalesReportView } from './insight-views.ts';

// SPEC §2 /analytics (reporting_analytics) and §6: page key analytics needs can_view_reports.
const analyticsAccess = business({ feature: 'reporting_analytics', page: 'analytics' });

const money = (description?: string) => z.number().int().openapi({ description: description ?? 'Minor units of the business currency' });
const int = () => z.number().int();
const day = () => z.string().openapi({ description: 'A local day of the business, YYYY-MM-DD' });
const rangeSchema = z.object({ from: day(), to: day() });

const reportQuery = {
  from: isoDateInput().openapi({ description: 'First local day, YYYY-MM-DD' }),
  to: isoDateInput().openapi({ description: 'Last local day, YYYY-MM-DD (at most 731 days after from)' }),
  compare: z.enum(REPORT_COMPARISONS).default('previous'),
};

const reportHead = {
  currency: z.string(),
  time_zone: z.string(),
  range: rangeSchema,
};

const salesSummarySchema = z
  .object({
    net_sales: money('After discounts and refunds, before tax'),
    transactions: int(),
    average_sale: money(),
    items_sold: int(),
    discounts: money(),
    refunds: money('Refunded, before tax, on the day of the refund'),
    refund_count: int(),
    tax: money(),
  })
  .openapi('SalesSummary');

const salesReportSchema = z
  .object({
    ...reportHead,
    comparison_range: nullableRef(rangeSchema),
    summary: salesSummarySchema,
    comparison_summary: nullableRef(salesSummarySchema),
    days: z.array(
      z.object({
        day: day(),
        transactions: int(),
        net_sales: money(),
        items_sold: int(),
        discounts: money(),
        tax: money(),
        refunds: money(),
        refund_count: int(),
        comparison_day: day().nullable(),
        comparison_net_sales: money().nullable(),
      }),
    ),
    hours: z.array(z.object({ hour: int(), transactions: int(), net_sales: money() })),
    weekdays: z.array(z.object({ weekday: int().openapi({ description: 'ISO weekday, 1 = Monday' }), transactions: int(), net_sales: money() })),
    categories: z.array(z.object({ category: z.string().nullable(), units: int(), net_sales: money() })),
    products: z.array(z.object({ product_id: z.uuid().nullable(), name: z.string(), category: z.string().nullable(), units: int(), net_sales: money() })),
    employees: z.array(z.object({ employee_id: z.uuid().nullable(), name: z.string().nullable(), transactions: int(), sales: money(), refunds: money() })),
    payment_methods: z.array(z.object({ method: z.string(), payments: int(), taken: money('Tax included'), refunded: money('Tax included') })),
  })
  .openapi('SalesReport');

const marginSchema = {
  net_sales: money(),
  costed_sales: money('Net sales of lines that carry a cost'),
  uncosted_sales: money('Net sales of lines sold without a cost'),
  cost: money('Cost at the time of sale'),
  gross_profit: money(),
  margin: z.number().nullable().openapi({ description: 'Gross profit ÷ costed sales' }),
};
const marginSummarySchema = z.object(marginSchema).openapi('MarginSummary');

const profitabilityReportSchema = z
  .object({
    ...reportHead,
    comparison_range: nullableRef(rangeSchema),
    summary: marginSummarySchema,
    comparison_summary: nullableRef(marginSummarySchema),
    products: z.array(z.object({ product_id: z.uuid().nullable(), name: z.string(), category: z.string().nullable(), units: int(), ...marginSchema })),
    categories: z.array(z.object({ category: z.string().nullable(), ...marginSchema })),
    days: z.array(z.object({ day: day(), costed_sales: money(), cost: money(), gross_profit: money(), margin: z.number().nullable() })),
  })
  .openapi('ProfitabilityReport');

const inventoryReportSchema = z
  .object({
    ...reportHead,
    dead_stock_days: int(),
    summary: z.object({
      tracked_products: int(),
      units_on_hand: int(),
      value_at_cost: money(),
      value_at_retail: money(),
      products_without_cost: int(),
      units_sold: int(),
      sell_through: z.number().nullable(),
      dead_stock_products: int(),
      dead_stock_value_at_cost: money(),
    }),
    products: z.array(
      z.object({
        product_id: z.uuid(),
        name: z.string(),
        category: z.string().nullable(),
        on_hand: int(),
        cost: money().nullable(),
        price: money(),
        value_at_cost: money().nullable(),
        value_at_retail: money(),
        units_sold: int(),
        sell_through: z.number().nullable(),
        daily_average: z.number(),
        days_of_cover: z.number().nullable(),
        last_sold: day().nullable(),
        dead_stock: z.boolean(),
      }),
    ),
    categories: z.array(
      z.object({ category: z.string().nullable(), products: int(), units_on_hand: int(), value_at_cost: money(), value_at_retail: money(), units_sold: int() }),
    ),
  })
  .openapi('InventoryReport');

const customersSummarySchema = z
  .object({
    customers: int(),
    new_customers: int(),
    returning_customers: int(),
    customer_transactions: int(),
    anonymous_transactions: int(),
    net_sales: money('Customers’ sales after their refunds, before tax'),
    average_spend: money(),
    average_visits: z.number(),
  })
  .openapi('CustomersSummary');

const customersReportSchema = z
  .object({
    ...reportHead,
    comparison_range: nullableRef(rangeSchema),
    summary: customersSummarySchema,
    comparison_summary: nullableRef(customersSummarySchema),
    days: z.array(z.object({ day: day(), new_customers: int(), returning_customers: int() })),
    top_customers: z.array(
      z.object({ customer_id: z.uuid(), name: z.string(), visits: int(), net_sales: money(), first_visit: day(), last_visit: day(), is_new: z.boolean() }),
    ),
    visit_frequency: z.array(z.object({ label: z.string(), min_visits: int(), max_visits: int().nullable(), customers: int() })),
    segments: z.array(z.object({ segment: z.string(), label: z.string(), customers: int(), revenue: money(), share: z.number() })),
  })
  .openapi('CustomersReport');

const dashboardFiguresSchema = z.object({ net_sales: money(), transactions: int(), average_sale: money(), items_sold: int(), refunds: money() });
const dashboardSchema = z
  .object({
    currency: z.string(),
    time_zone: z.string(),
    today: day(),
    compared_with: day().openapi({ description: 'The same weekday last week, up to the same time of day' }),
    as_of: z.string().openapi({ description: 'Local wall-clock time of the figures, YYYY-MM-DD HH:MM:SS' }),
    sales: z
      .object({
        today: dashboardFiguresSchema,
        last_week: dashboardFiguresSchema,
        by_hour: z.array(z.object({ hour: int(), transactions: int(), net_sales: money() })),
        top_products: z.array(z.object({ product_id: z.uuid().nullable(), name: z.string(), units: int(), net_sales: money() })),
      })
      .nullable()
      .openapi({ description: 'Null unless the actor may see reports (SPEC §6 can_view_reports)' }),
    low_stock: z
      .array(z.object({ product_id: z.uuid(), name: z.string(), on_hand: int(), threshold: int() }))
      .nullable()
      .openapi({ description: 'Null unless inventory_management is on and the actor has inventory access (can_manage_inventory)' }),
    open_cash_sessions: z
      .array(z.object({ id: z.uuid(), register_name: z.string(), opened_by_name: z.string(), opening_float: money(), opened_at: z.string() }))
      .nullable()
      .openapi({ description: 'Drawer sessions still open; null unless cash_management is on and the actor may see reports' }),
    recent_orders: z.array(
      z.object({
        id: z.uuid(),
        number: int().nullable(),
        status: z.string(),
        total: money(),
        refunded_total: money(),
        item_count: int(),
        customer_name: z.string().nullable(),
        paid_at: z.string(),
      }),
    ),
  })
  .openapi('Dashboard');

const dashboardRoute = defineRoute({
  method: 'get',
  path: '/api/dashboard',
  // Open to every actor of the business (SPEC §6: other pages are open); each part is filtered by permission.
  access: business({}),
  tags: ['insight'],
  summary: 'Today so far against the same weekday last week, sales by hour, top products, low stock, open drawer sessions and recent sales',
  responses: { 200: jsonResponse(dashboardSchema, 'The dashboard'), ...errorResponses(400, 401, 403) },
});

const reportRoute = <T extends z.ZodType>(path: string, summary: string, schema: T, query: Record<string, z.ZodType> = {}) =>
  defineRoute({
    method: 'get',
    path,
    access: analyticsAccess,
    tags: ['insight'],
    summary,
    request: { query: z.strictObject({ ...reportQuery, ...query }) },
    responses: { 200: jsonResponse(schema, 'The report'), ...errorResponses(400, 401, 403) },
  });

const salesRoute = reportRoute(
  '/api/analytics/sales',
  'Sales by day, hour and weekday; by category, product, employee and payment method; discounts and refunds (400 invalid_range past 731 days)',
  salesReportSchema,
);
const inventoryRoute = defineRoute({
  method: 'get',
  path: '/api/analytics/inventory',
  access: analyticsAccess,
  tags: ['insight'],
  summary: 'Stock value at cost and retail, sell-through, days of cover and dead stock (no sale in dead_stock_days)',
  request: {
    query: z.strictObject({ from: reportQuery.from, to: reportQuery.to, dead_stock_days: z.coerce.number().int().min(1).max(730).default(60) }),
  },
  responses: { 200: jsonResponse(inventoryReportSchema, 'The report'), ...errorResponses(400, 401, 403) },
});
const profitabilityRoute = reportRoute(
  '/api/analytics/profitability',
  'Gross margin by product and category from the cost at the time of sale, and the margin trend',
  profitabilityReportSchema,
);
const customersRoute = reportRoute(
  '/api/analytics/customers',
  'New against returning customers, top customers, visit frequency and RFM segments',
  customersReportSchema,
);

export const insightRoutes = new OpenAPIHono<AppEnv>()
  .openapi(dashboardRoute, async (c) => c.json(toDashboardView(await getDashboard(c.var.services.database, c.var.tenant, new Date())), 200))
  .openapi(salesRoute, async (c) =>
    c.json(toSalesReportView(await getSalesReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'))), 200),
  )
  .openapi(inventoryRoute, async (c) => {
    const { from, to, dead_stock_days: deadStockDays } = c.req.valid('query');
    const report = await getInventoryReport(c.var.services.database, c.var.tenant.businessId, { from, to, compare: 'none', deadStockDays });
    return c.json(toInventoryReportView(report), 200);
  })
  .openapi(profitabilityRoute, async (c) =>
    c.json(toProfitabilityReportView(await getProfitabilityReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'))), 200),
  )
  .openapi(customersRoute, async (c) =>
    c.json(toCustomersReportView(await getCustomersReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'))), 200),
  );
