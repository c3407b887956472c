import { OpenAPIHono, z } from '@hono/zod-openapi';
import { promotionInput, promotionRecord } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createPromotion, listPromotions, listTillPromotions, promotionInputOf, updatePromotion } from './promotions.ts';

/**
 * Promotions (issue 20 item 5, decision 050), gated on promotions_pricing. Managing them changes
 * prices, a setting (SPEC §6 can_change_settings); the till reads the active ones to price its
 * cart, and checkout prices them again.
 */
const manage = business({ feature: 'promotions_pricing', page: 'settings' });
const idParams = z.object({ id: z.uuid() });
const one = z.object({ promotion: promotionRecord });

const listRoute = defineRoute({
  method: 'get',
  path: '/api/promotions',
  access: manage,
  tags: ['promotions'],
  summary: 'Every promotion of the business, by name',
  responses: { 200: jsonResponse(z.object({ promotions: z.array(promotionRecord) }), 'Promotions'), ...errorResponses(400, 401, 403) },
});
const tillRoute = defineRoute({
  method: 'get',
  path: '/api/pos/promotions',
  access: business({ feature: 'promotions_pricing', employeeFeature: 'pos' }),
  tags: ['promotions', 'pos'],
  summary: "The active promotions the till prices with, and the business's time zone their dates and hours are in",
  responses: {
    200: jsonResponse(z.object({ time_zone: z.string(), promotions: z.array(promotionRecord) }), 'Active promotions'),
    ...errorResponses(400, 401, 403),
  },
});
const createRoute = defineRoute({
  method: 'post',
  path: '/api/promotions',
  access: manage,
  tags: ['promotions'],
  summary: 'Add a promotion on one product or one category',
  request: { body: jsonBody(promotionInput) },
  responses: { 201: jsonResponse(one, 'Created'), ...errorResponses(400, 401, 403, 422) },
});
const updateRoute = defineRoute({
  method: 'put',
  path: '/api/promotions/{id}',
  access: manage,
  tags: ['promotions'],
  summary: 'Replace a promotion; active false switches it off',
  request: { params: idParams, body: jsonBody(promotionInput) },
  responses: { 200: jsonResponse(one, 'Changed'), ...errorResponses(400, 401, 403, 404, 422) },
});

export const promotionsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ promotions: await listPromotions(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(tillRoute, async (c) => c.json(await listTillPromotions(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(createRoute, async (c) => c.json({ promotion: await createPromotion(c.var.services.database, c.var.tenant, promotionInputOf(c.req.valid('json'))) }, 201))
  .openapi(updateRoute, async (c) =>
    c.json({ promotion: await updatePromotion(c.var.services.database, c.var.tenant, c.req.valid('param').id, promotionInputOf(c.req.valid('json'))) }, 200),
  );
