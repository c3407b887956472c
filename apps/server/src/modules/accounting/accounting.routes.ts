import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getProfitAndLoss } from './get-profit-and-loss.ts';

// SPEC §3 basic_accounting; SPEC §6 "reports and analytics: can_view_reports" (the owner always).
const accountingAccess = business({ feature: 'basic_accounting', page: 'reports' });

const money = (description?: string) => z.number().int().openapi({ description: description ?? 'Minor units of the business currency' });
const monthInput = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Write a month as YYYY-MM')
    .openapi({ description, example: '2026-01' });

const statementFields = {
  gross_sales: money('Sold lines before discounts and before tax'),
  discounts: money('Line and order discounts, before tax'),
  refunds: money('Refunded before tax, in the month of the refund'),
  net_sales: money('Gross sales − discounts − refunds'),
  tax: money('Tax collected less tax refunded: shown apart, not income'),
  cost_of_goods_sold: money('Cost at the time of sale of the units sold, less that of the units refunded'),
  gross_profit: money('Net sales − cost of goods sold'),
  margin: z.number().nullable().openapi({ description: 'Gross profit ÷ net sales, 4 places; null without net sales' }),
  expenses: z.array(z.object({ category_id: z.uuid(), amount: money('Before tax') })).openapi({ description: 'In the order of expense_categories' }),
  total_expenses: money('Expenses before tax'),
  operating_profit: money('Gross profit − expenses'),
  operating_margin: z.number().nullable(),
  imported_sales: money('Net sales of imported sales history, included in the figures above'),
};

const profitAndLossSchema = z
  .object({
    currency: z.string(),
    time_zone: z.string(),
    range: z.object({ from: z.string(), to: z.string() }),
    days: z.object({ from: z.string(), to: z.string() }).openapi({ description: 'First and last local day covered' }),
    includes_imported_sales: z.boolean(),
    expense_categories: z.array(z.object({ id: z.uuid(), name: z.string() })),
    months: z.array(z.object({ month: z.string().openapi({ description: 'YYYY-MM' }), ...statementFields })),
    total: z.object(statementFields),
  })
  .openapi('ProfitAndLoss');

const profitAndLossRoute = defineRoute({
  method: 'get',
  path: '/api/accounting/profit-and-loss',
  access: accountingAccess,
  tags: ['accounting'],
  summary: 'Profit and loss per local month (at most 24 months; 400 invalid_range past that) with a total column',
  request: {
    query: z.strictObject({ from: monthInput('First month, YYYY-MM'), to: monthInput('Last month, YYYY-MM (at most 24 months in all)') }),
  },
  responses: { 200: jsonResponse(profitAndLossSchema, 'The statement'), ...errorResponses(400, 401, 403) },
});

export const accountingRoutes = new OpenAPIHono<AppEnv>().openapi(profitAndLossRoute, async (c) =>
  c.json(await getProfitAndLoss(c.var.services.database, c.var.tenant.businessId, c.req.valid('query')), 200),
);
