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
  timeZone: z.string(),
  range: rangeSchema,
};

const salesSummarySchema = z
  .object({
    netSales: money('After discounts and refunds, before tax'),
    transactions: int(),
    averageSale: money(),
    itemsSold: int(),
    discounts: money(),
    refunds: money('Refunded, before tax, on the day of the refund'),
    refundCount: int(),
    tax: money(),
  })
  .openapi('SalesSummary');

const salesReportSchema = z
  .object({
    ...reportHead,
    comparisonRange: nullableRef(rangeSchema),
    summary: salesSummarySchema,
    comparisonSummary: nullableRef(salesSummarySchema),
    days: z.array(
      z.object({
        day: day(),
        transactions: int(),
        netSales: money(),
        itemsSold: int(),
        discounts: money(),
        tax: money(),
        refunds: money(),
        refundCount: int(),
        comparisonDay: day().nullable(),
        comparisonNetSales: money().nullable(),
      }),
    ),
    hours: z.array(z.object({ hour: int(), transactions: int(), netSales: money() })),
    weekdays: z.array(z.object({ weekday: int().openapi({ description: 'ISO weekday, 1 = Monday' }), transactions: int(), netSales: money() })),
    categories: z.array(z.object({ category: z.string().nullable(), units: int(), netSales: money() })),
    products: z.array(z.object({ productId: z.uuid().nullable(), name: z.string(), category: z.string().nullable(), units: int(), netSales: money() })),
    employees: z.array(z.object({ employeeId: z.uuid().nullable(), name: z.string().nullable(), transactions: int(), sales: money(), refunds: money() })),
    paymentMethods: z.array(z.object({ method: z.string(), payments: int(), taken: money('Tax included'), refunded: money('Tax included') })),
  })
  .openapi('SalesReport');

const marginSchema = {
  netSales: money(),
  costedSales: money('Net sales of lines that carry a cost'),
  uncostedSales: money('Net sales of lines sold without a cost'),
  cost: money('Cost at the time of sale'),
  grossProfit: money(),
  margin: z.number().nullable().openapi({ description: 'Gross profit ÷ costed sales' }),
};
const marginSummarySchema = z.object(marginSchema).openapi('MarginSummary');

const profitabilityReportSchema = z
  .object({
    ...reportHead,
    comparisonRange: nullableRef(rangeSchema),
    summary: marginSummarySchema,
    comparisonSummary: nullableRef(marginSummarySchema),
    products: z.array(z.object({ productId: z.uuid().nullable(), name: z.string(), category: z.string().nullable(), units: int(), ...marginSchema })),
    categories: z.array(z.object({ category: z.string().nullable(), ...marginSchema })),
    days: z.array(z.object({ day: day(), costedSales: money(), cost: money(), grossProfit: money(), margin: z.number().nullable() })),
  })
  .openapi('ProfitabilityReport');

const inventoryReportSchema = z
  .object({
    ...reportHead,
    deadStockDays: int(),
    summary: z.object({
      trackedProducts: int(),
      unitsOnHand: int(),
      valueAtCost: money(),
      valueAtRetail: money(),
      productsWithoutCost: int(),
      unitsSold: int(),
      sellThrough: z.number().nullable(),
      deadStockProducts: int(),
      deadStockValueAtCost: money(),
    }),
    products: z.array(
      z.object({
        productId: z.uuid(),
        name: z.string(),
        category: z.string().nullable(),
        onHand: int(),
        cost: money().nullable(),
        price: money(),
        valueAtCost: money().nullable(),
        valueAtRetail: money(),
        unitsSold: int(),
        sellThrough: z.number().nullable(),
        dailyAverage: z.number(),
        daysOfCover: z.number().nullable(),
        lastSold: day().nullable(),
        deadStock: z.boolean(),
      }),
    ),
    categories: z.array(
      z.object({ category: z.string().nullable(), products: int(), unitsOnHand: int(), valueAtCost: money(), valueAtRetail: money(), unitsSold: int() }),
    ),
  })
  .openapi('InventoryReport');

const customersSummarySchema = z
  .object({
    customers: int(),
    newCustomers: int(),
    returningCustomers: int(),
    customerTransactions: int(),
    anonymousTransactions: int(),
    netSales: money('Customers’ sales after their refunds, before tax'),
    averageSpend: money(),
    averageVisits: z.number(),
  })
  .openapi('CustomersSummary');

const customersReportSchema = z
  .object({
    ...reportHead,
    comparisonRange: nullableRef(rangeSchema),
    summary: customersSummarySchema,
    comparisonSummary: nullableRef(customersSummarySchema),
    days: z.array(z.object({ day: day(), newCustomers: int(), returningCustomers: int() })),
    topCustomers: z.array(
      z.object({ customerId: z.uuid(), name: z.string(), visits: int(), netSales: money(), firstVisit: day(), lastVisit: day(), isNew: z.boolean() }),
    ),
    visitFrequency: z.array(z.object({ label: z.string(), minVisits: int(), maxVisits: int().nullable(), customers: int() })),
    segments: z.array(z.object({ segment: z.string(), label: z.string(), customers: int(), revenue: money(), share: z.number() })),
  })
  .openapi('CustomersReport');

const dashboardFiguresSchema = z.object({ netSales: money(), transactions: int(), averageSale: money(), itemsSold: int(), refunds: money() });
const dashboardSchema = z
  .object({
    currency: z.string(),
    timeZone: z.string(),
    today: day(),
    comparedWith: day().openapi({ description: 'The same weekday last week, up to the same time of day' }),
    asOf: z.string().openapi({ description: 'Local wall-clock time of the figures, YYYY-MM-DD HH:MM:SS' }),
    sales: z
      .object({
        today: dashboardFiguresSchema,
        lastWeek: dashboardFiguresSchema,
        byHour: z.array(z.object({ hour: int(), transactions: int(), netSales: money() })),
        topProducts: z.array(z.object({ productId: z.uuid().nullable(), name: z.string(), units: int(), netSales: money() })),
      })
      .nullable()
      .openapi({ description: 'Null unless the actor may see reports (SPEC §6 can_view_reports)' }),
    lowStock: z
      .array(z.object({ productId: z.uuid(), name: z.string(), onHand: int(), threshold: int() }))
      .nullable()
      .openapi({ description: 'Null unless inventory_management is on and the actor has inventory access (can_manage_inventory)' }),
    openCashSessions: z
      .array(z.object({ id: z.uuid(), registerName: z.string(), openedByName: z.string(), openingFloat: money(), openedAt: z.string() }))
      .nullable()
      .openapi({ description: 'Drawer sessions still open; null unless cash_management is on and the actor may see reports' }),
    recentOrders: z.array(
      z.object({
        id: z.uuid(),
        number: int().nullable(),
        status: z.string(),
        total: money(),
        refundedTotal: money(),
        itemCount: int(),
        customerName: z.string().nullable(),
        paidAt: z.string(),
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
  summary: 'Stock value at cost and retail, sell-through, days of cover and dead stock (no sale in deadStockDays)',
  request: {
    query: z.strictObject({ from: reportQuery.from, to: reportQuery.to, deadStockDays: z.coerce.number().int().min(1).max(730).default(60) }),
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
  .openapi(dashboardRoute, async (c) => c.json(await getDashboard(c.var.services.database, c.var.tenant, new Date()), 200))
  .openapi(salesRoute, async (c) => c.json(await getSalesReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query')), 200))
  .openapi(inventoryRoute, async (c) =>
    c.json(await getInventoryReport(c.var.services.database, c.var.tenant.businessId, { ...c.req.valid('query'), compare: 'none' }), 200),
  )
  .openapi(profitabilityRoute, async (c) =>
    c.json(await getProfitabilityReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query')), 200),
  )
  .openapi(customersRoute, async (c) => c.json(await getCustomersReport(c.var.services.database, c.var.tenant.businessId, c.req.valid('query')), 200));
