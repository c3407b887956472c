import { OpenAPIHono, z } from '@hono/zod-openapi';
import { REBATE_BASES, REBATE_KINDS, rebateAgreementFromWire, rebateAgreementInputSchema } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createRebateAgreement } from './create-rebate-agreement.ts';
import { deleteRebateAgreement } from './delete-rebate-agreement.ts';
import { listRebateAgreements, MAX_REBATE_AGREEMENTS_LISTED } from './list-rebate-agreements.ts';
import { agreementWire, rebateResultWire } from './purchasing-wire.ts';
import { tryRebateAgreement } from './try-rebate-agreement.ts';
import { updateRebateAgreement } from './update-rebate-agreement.ts';

/**
 * Supplier rebates (issue 13 item 5, decision 028). SPEC §2 guards /rebates-test by login only;
 * rebates are purchasing terms, so like purchase orders they need can_make_orders (the owner, or
 * an admin granted it; SPEC §6).
 */
const rebates = business({ adminPermission: 'can_make_orders' });

const tierSchema = z.object({ threshold: z.number().int(), value: z.number().int() });

const resultSchema = z
  .object({
    currency: z.string(),
    quantity: z.number().int(),
    spend: z.number().int(),
    tier_index: z.number().int().nullable(),
    earned: z.number().int(),
    next: z
      .object({ tier_index: z.number().int(), threshold: z.number().int(), missing: z.number().int(), rebate_at_next: z.number().int().nullable(), gain: z.number().int().nullable() })
      .nullable(),
    products: z.array(
      z.object({
        product_id: z.uuid(),
        name: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int(),
        spend: z.number().int(),
        rebate: z.number().int(),
        average_unit_cost: z.number().int(),
        effective_unit_cost: z.number().int(),
      }),
    ),
  })
  .openapi('RebateResult');

const agreementSchema = z
  .object({
    id: z.uuid(),
    supplier: z.object({ id: z.uuid(), name: z.string() }),
    name: z.string(),
    kind: z.enum(REBATE_KINDS),
    basis: z.enum(REBATE_BASES),
    tiers: z.array(tierSchema),
    starts_on: z.string(),
    ends_on: z.string(),
    product_ids: z.array(z.uuid()),
    notes: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('RebateAgreement');

const idParams = z.object({ id: z.uuid() });
const agreementBody = jsonBody(rebateAgreementInputSchema);
const saved = z.object({ agreement: agreementSchema, result: resultSchema });

const listRoute = defineRoute({
  method: 'get',
  path: '/api/rebate-agreements',
  access: rebates,
  tags: ['purchasing'],
  summary: `Rebate agreements (of one supplier with supplier_id), each tried against the goods received in its period; at most ${MAX_REBATE_AGREEMENTS_LISTED}`,
  request: { query: z.strictObject({ supplier_id: z.uuid().optional() }) },
  responses: { 200: jsonResponse(z.object({ agreements: z.array(agreementSchema.extend({ result: resultSchema })) }), 'The agreements'), ...errorResponses(400, 401, 403) },
});

const tryRoute = defineRoute({
  method: 'post',
  path: '/api/rebate-agreements/try',
  access: rebates,
  tags: ['purchasing'],
  summary: 'Try terms against the goods received from the supplier in the period, without saving: rebate earned, the next tier and what it would pay, the effective unit cost per product',
  request: { body: agreementBody },
  responses: { 200: jsonResponse(z.object({ result: resultSchema }), 'What the terms earn'), ...errorResponses(400, 401, 403, 404, 422) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/rebate-agreements',
  access: rebates,
  tags: ['purchasing'],
  summary: 'Save a rebate agreement with a supplier (404 supplier_not_found, 422 product_not_found for another business’s ids)',
  request: { body: agreementBody },
  responses: { 201: jsonResponse(saved, 'Saved, with what it earns'), ...errorResponses(400, 401, 403, 404, 422) },
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/api/rebate-agreements/{id}',
  access: rebates,
  tags: ['purchasing'],
  summary: 'Replace a rebate agreement’s terms',
  request: { params: idParams, body: agreementBody },
  responses: { 200: jsonResponse(saved, 'Saved, with what it earns'), ...errorResponses(400, 401, 403, 404, 422) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/rebate-agreements/{id}',
  access: rebates,
  tags: ['purchasing'],
  summary: 'Delete a rebate agreement (the receipts it was tried against stay)',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

const savedWire = (saved: Awaited<ReturnType<typeof createRebateAgreement>>) => ({ agreement: agreementWire(saved.agreement), result: rebateResultWire(saved.result) });

// "try" before "{id}" routes (different methods, but keep fixed paths first as elsewhere).
export const rebatesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(tryRoute, async (c) => {
    const tried = await tryRebateAgreement(c.var.services.database, c.var.tenant.businessId, rebateAgreementFromWire(c.req.valid('json')));
    return c.json({ result: rebateResultWire(tried.result) }, 200);
  })
  .openapi(listRoute, async (c) => {
    const { agreements } = await listRebateAgreements(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').supplier_id);
    return c.json({ agreements: agreements.map((agreement) => ({ ...agreementWire(agreement), result: rebateResultWire(agreement.result) })) }, 200);
  })
  .openapi(createRoute, async (c) => {
    return c.json(savedWire(await createRebateAgreement(c.var.services.database, c.var.tenant, rebateAgreementFromWire(c.req.valid('json')), new Date())), 201);
  })
  .openapi(updateRoute, async (c) => {
    return c.json(savedWire(await updateRebateAgreement(c.var.services.database, c.var.tenant, c.req.valid('param').id, rebateAgreementFromWire(c.req.valid('json')), new Date())), 200);
  })
  .openapi(deleteRoute, async (c) => c.json(await deleteRebateAgreement(c.var.services.database, c.var.tenant, c.req.valid('param').id), 200));
