import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoDateInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getEmployeePerformance } from './get-employee-performance.ts';

// SPEC §3 employee_performance; SPEC §6 "reports and analytics: can_view_reports" (the owner always).
// An employee without can_view_reports sees no figures, not even their own: SPEC §6 grants none.
const performanceAccess = business({ feature: 'employee_performance', page: 'reports' });

const money = (description?: string) => z.number().int().openapi({ description: description ?? 'Minor units of the business currency' });
const int = () => z.number().int();

const employeePerformanceSchema = z
  .object({
    currency: z.string(),
    time_zone: z.string(),
    range: z.object({ from: z.string(), to: z.string() }),
    store_id: z.uuid().nullable(),
    employees: z.array(
      z.object({
        employee_id: z.uuid(),
        name: z.string(),
        role: z.string(),
        is_active: z.boolean(),
        sales: int().openapi({ description: 'Paid sales they rang up' }),
        net_sales: money('Their sales before tax, after discounts (refunds are counted for who processed them)'),
        items_sold: int(),
        average_sale: money(),
        refunds: int().openapi({ description: 'Refunds they processed' }),
        refund_amount: money('Refunded before tax'),
        discounts: money('Discounts they gave, as shown on the receipts'),
        hours_worked: z.number().openapi({ description: 'Hours of the time-clock shifts started in the period; an open shift counts up to now' }),
        sales_per_hour: money().nullable().openapi({ description: 'Net sales ÷ hours worked; null without hours' }),
      }),
    ),
  })
  .openapi('EmployeePerformance');

const employeePerformanceRoute = defineRoute({
  method: 'get',
  path: '/api/employee-performance',
  access: performanceAccess,
  tags: ['employee-performance'],
  summary: 'Sales, items, average sale, refunds, discounts, hours worked and sales per hour per employee (at most 731 days)',
  request: {
    query: z.strictObject({
      from: isoDateInput().openapi({ description: 'First local day, YYYY-MM-DD' }),
      to: isoDateInput().openapi({ description: 'Last local day, YYYY-MM-DD (at most 731 days after from)' }),
      store_id: z.uuid().optional().openapi({ description: 'Only sales of this store (hours are not per store)' }),
      employee_id: z.uuid().optional().openapi({ description: 'Only this employee' }),
    }),
  },
  responses: { 200: jsonResponse(employeePerformanceSchema, 'The figures'), ...errorResponses(400, 401, 403, 404) },
});

/** The wire's shape (decision 070: snake_case) of the figures. */
function toEmployeePerformanceView(performance: Awaited<ReturnType<typeof getEmployeePerformance>>) {
  return {
    currency: performance.currency,
    time_zone: performance.timeZone,
    range: performance.range,
    store_id: performance.storeId,
    employees: performance.employees.map((employee) => ({
      employee_id: employee.employeeId,
      name: employee.name,
      role: employee.role,
      is_active: employee.isActive,
      sales: employee.sales,
      net_sales: employee.netSales,
      items_sold: employee.itemsSold,
      average_sale: employee.averageSale,
      refunds: employee.refunds,
      refund_amount: employee.refundAmount,
      discounts: employee.discounts,
      hours_worked: employee.hoursWorked,
      sales_per_hour: employee.salesPerHour,
    })),
  };
}

export const employeePerformanceRoutes = new OpenAPIHono<AppEnv>().openapi(employeePerformanceRoute, async (c) => {
  const { from, to, store_id: storeId, employee_id: employeeId } = c.req.valid('query');
  const performance = await getEmployeePerformance(c.var.services.database, c.var.tenant.businessId, { from, to, storeId, employeeId }, new Date());
  return c.json(toEmployeePerformanceView(performance), 200);
});
