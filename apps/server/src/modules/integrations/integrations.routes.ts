import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { redeliverWebhook, sendWebhookTest } from './deliver-webhooks.ts';
import { getConnections } from './get-connections.ts';
import { listWebhookDeliveries, listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, revealWebhookSecret, updateWebhookEndpoint } from './save-webhook-endpoint.ts';

// SPEC §2: /integrations is login guarded; connections and webhooks are settings (SPEC §6: the
// owner, or an admin with can_change_settings), since an endpoint receives the business's sales.
const settingsAccess = business({ page: 'settings' });

const connectionsSchema = z
  .object({
    smtp: z.object({ configured: z.boolean() }),
    ai_provider: z.object({ configured: z.boolean(), base_url_host: z.string().nullable() }),
    storage: z.object({ driver: z.enum(['local', 's3']), bucket: z.string().nullable() }),
    quickbooks: z.object({ feature_enabled: z.boolean(), mapped: z.boolean(), exports: z.number().int(), last_export_at: z.string().nullable() }),
    webhooks: z.object({ endpoints: z.number().int(), enabled: z.number().int(), failing: z.number().int() }),
  })
  .openapi('Connections');

const endpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    failing_since: z.string().nullable(),
    secret_hint: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    last_delivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), attempted_at: z.string().nullable(), response_status: z.number().int().nullable() }).nullable(),
    pending: z.number().int(),
    failed: z.number().int(),
  })
  .openapi('WebhookEndpoint');

const deliverySchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    event_type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    response_status: z.number().int().nullable(),
    response_excerpt: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    payload: z.unknown(),
  })
  .openapi('WebhookDelivery');

const url = singleLine(z.string().trim().min(1, 'Enter the address').max(2100));
const description = singleLine(z.string().trim().max(200));
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length * 2);
const idParams = z.strictObject({ id: z.uuid() });

const connectionsRoute = defineRoute({
  method: 'get',
  path: '/api/integrations',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'Every connection of this business and its state, without secrets: e-mail (SMTP), AI provider, file storage, QuickBooks, webhooks',
  responses: { 200: jsonResponse(z.object({ connections: connectionsSchema }), 'Connections'), ...errorResponses(401, 403) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/integrations/webhooks',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'The webhook endpoints, oldest first, with their latest delivery (secrets are not listed)',
  responses: { 200: jsonResponse(z.object({ endpoints: z.array(endpointSchema) }), 'Endpoints'), ...errorResponses(401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/integrations/webhooks',
  access: settingsAccess,
  tags: ['integrations'],
  summary:
    'Add a webhook endpoint: an https:// address (http:// only for localhost; no credentials, no private-network address), a description and its events; the answer holds the signing secret in full; audited',
  request: { body: jsonBody(z.strictObject({ url, description: description.optional(), events, enabled: z.boolean().optional() })) },
  responses: { 201: jsonResponse(z.object({ endpoint: endpointSchema, secret: z.string() }), 'Added, with its secret'), ...errorResponses(400, 401, 403) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/integrations/webhooks/{id}',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'Change an endpoint’s address, description or events, or switch it on or off; audited',
  request: { params: idParams, body: jsonBody(z.strictObject({ url: url.optional(), description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })) },
  responses: { 200: jsonResponse(z.object({ endpoint: endpointSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/integrations/webhooks/{id}',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'Delete an endpoint and its delivery log; audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

const secretRoute = defineRoute({
  method: 'get',
  path: '/api/integrations/webhooks/{id}/secret',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'The endpoint’s signing secret in full (Reveal); audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ secret: z.string() }), 'Secret'), ...errorResponses(400, 401, 403, 404) },
});

const deliveriesRoute = defineRoute({
  method: 'get',
  path: '/api/integrations/webhooks/{id}/deliveries',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'The endpoint’s delivery log, newest first (the latest 100): status, attempts, next attempt, answer code and excerpt',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deliveries: z.array(deliverySchema) }), 'Deliveries'), ...errorResponses(400, 401, 403, 404) },
});

const testRoute = defineRoute({
  method: 'post',
  path: '/api/integrations/webhooks/{id}/test',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'Send test: a signed `ping` event posted to the endpoint at once; answers the delivery with the endpoint’s answer',
  request: { params: idParams },
  responses: { 201: jsonResponse(z.object({ delivery: deliverySchema }), 'Sent'), ...errorResponses(400, 401, 403, 404) },
});

const redeliverRoute = defineRoute({
  method: 'post',
  path: '/api/integrations/webhook-deliveries/{id}/redeliver',
  access: settingsAccess,
  tags: ['integrations'],
  summary: 'Redeliver a delivered or failed delivery at once, with a fresh set of attempts',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ delivery: deliverySchema }), 'Posted'), ...errorResponses(400, 401, 403, 404) },
});

export const integrationsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(connectionsRoute, async (c) => c.json({ connections: await getConnections(c.var.services, c.var.tenant) }, 200))
  .openapi(listRoute, async (c) => c.json({ endpoints: await listWebhookEndpoints(c.var.services.database, c.var.tenant) }, 200))
  .openapi(createRoute, async (c) => c.json(await createWebhookEndpoint(c.var.services.database, c.var.tenant, c.req.valid('json'), new Date()), 201))
  .openapi(updateRoute, async (c) => {
    const endpoint = await updateWebhookEndpoint(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date());
    return c.json({ endpoint }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteWebhookEndpoint(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(secretRoute, async (c) => c.json({ secret: await revealWebhookSecret(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200))
  .openapi(deliveriesRoute, async (c) => c.json({ deliveries: await listWebhookDeliveries(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200))
  .openapi(testRoute, async (c) => c.json({ delivery: await sendWebhookTest(c.var.services, c.var.tenant, c.req.valid('param').id) }, 201))
  .openapi(redeliverRoute, async (c) => c.json({ delivery: await redeliverWebhook(c.var.services, c.var.tenant, c.req.valid('param').id) }, 200));
