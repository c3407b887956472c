import { singleLine } from '@till/core';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createTaxRate } from './create-tax-rate.ts';
import { listTaxRates } from './list-tax-rates.ts';
import { updateTaxRate } from './update-tax-rate.ts';

export const taxRateSchema = z
  .object({ id: z.uuid(), name: z.string(), basis_points: z.number().int(), is_default: z.boolean() })
  .openapi('TaxRate');

const name = singleLine(z.string().trim().min(1, 'Name the tax rate').max(100));
// Basis points: 2000 = 20 %, 725 = 7.25 %.
const basisPoints = z.number().int().min(0).max(10_000);

const inventory = { feature: 'inventory_management' } as const;
// A tax rate changes what products cost at the till: the same permission as changing prices.
const changeRates = business({ ...inventory, adminPermission: 'can_change_prices' });

const listRoute = defineRoute({
  method: 'get',
  path: '/api/tax-rates',
  access: business(inventory),
  tags: ['tax-rates'],
  summary: 'The tax rates of the business; a product without one of its own is taxed at the default',
  responses: { 200: jsonResponse(z.object({ tax_rates: z.array(taxRateSchema) }), 'Tax rates'), ...errorResponses(400, 401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/tax-rates',
  access: changeRates,
  tags: ['tax-rates'],
  summary: 'Add a tax rate (basis points: 2000 = 20 %); the first one becomes the default unless is_default is false',
  request: { body: jsonBody(z.strictObject({ name, basis_points: basisPoints, is_default: z.boolean().optional() })) },
  responses: { 201: jsonResponse(z.object({ tax_rate: taxRateSchema }), 'Created'), ...errorResponses(400, 401, 403, 409) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/tax-rates/{id}',
  access: changeRates,
  tags: ['tax-rates'],
  summary: 'Rename a tax rate, change its rate (audited) or make it the default',
  request: {
    params: z.object({ id: z.uuid() }),
    body: jsonBody(
      z
        .strictObject({ name: name.optional(), basis_points: basisPoints.optional(), is_default: z.boolean().optional() })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: jsonResponse(z.object({ tax_rate: taxRateSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const taxRatesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ tax_rates: await listTaxRates(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { name: body.name, basisPoints: body.basis_points, isDefault: body.is_default };
    return c.json({ tax_rate: await createTaxRate(c.var.services.database, c.var.tenant, input) }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { name: body.name, basisPoints: body.basis_points, isDefault: body.is_default };
    const taxRate = await updateTaxRate(c.var.services.database, c.var.tenant, c.req.valid('param').id, input);
    return c.json({ tax_rate: taxRate }, 200);
  });
