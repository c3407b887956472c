import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getBackOfficeSummary } from './get-back-office-summary.ts';

const attention = z.object({ count: z.number().int(), more: z.boolean() });

const summaryRoute = defineRoute({
  method: 'get',
  path: '/api/back-office/summary',
  access: business(),
  tags: ['back-office'],
  summary: 'What needs attention: low-stock products, unpaid supplier invoices, open tasks, open incidents (null where the feature is off or the caller may not see it; counts stop at 100)',
  responses: {
    200: jsonResponse(
      z.object({ low_stock_products: attention.nullable(), unpaid_supplier_invoices: attention.nullable(), open_tasks: attention, open_incidents: attention }).openapi('BackOfficeSummary'),
      'Counts',
    ),
    ...errorResponses(401, 403),
  },
});

export const backOfficeRoutes = new OpenAPIHono<AppEnv>().openapi(summaryRoute, async (c) => c.json(await getBackOfficeSummary(c.var.services.database, c.var.tenant, new Date()), 200));
