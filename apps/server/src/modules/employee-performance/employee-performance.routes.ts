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
    timeZone: z.string(),
    range: z.object({ from: z.string(), to: z.string() }),
    storeId: z.uuid().nullable(),
    employees: z.array(
      z.object({
        employeeId: z.uuid(),
        name: z.string(),
        role: z.string(),
        isActive: z.boolean(),
        sales: int().openapi({ description: 'Paid sales they rang up' }),
        netSales: money('Their sales before tax, after discounts (refunds are counted for who processed them)'),
        itemsSold: int(),
        averageSale: money(),
        refunds: int().openapi({ description: 'Refunds they processed' }),
        refundAmount: money('Refunded before tax'),
        discounts: money('Discounts they gave, as shown on the receipts'),
        hoursWorked: z.number().openapi({ description: 'Hours of the time-clock shifts started in the period; an open shift counts up to now' }),
        salesPerHour: money().nullable().openapi({ description: 'Net sales ÷ hours worked; null without hours' }),
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
      storeId: z.uuid().optional().openapi({ description: 'Only sales of this store (hours are not per store)' }),
      employeeId: z.uuid().optional().openapi({ description: 'Only this employee' }),
    }),
  },
  responses: { 200: jsonResponse(employeePerformanceSchema, 'The figures'), ...errorResponses(400, 401, 403, 404) },
});

export const employeePerformanceRoutes = new OpenAPIHono<AppEnv>().openapi(employeePerformanceRoute, async (c) =>
  c.json(await getEmployeePerformance(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'), new Date()), 200),
);
