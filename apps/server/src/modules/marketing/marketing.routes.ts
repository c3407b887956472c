import { OpenAPIHono, z } from '@hono/zod-openapi';
import { campaignInput, rulesFromWire, segmentInput, segmentPreviewInput, segmentRulesWire, sendCampaignInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { createCampaign, getCampaign, listCampaigns, sendCampaign } from './campaigns.ts';
import { followCampaignLink, unsubscribeFromMarketing } from './public-links.ts';
import { createSegment, deleteSegment, listSegments, previewSegment } from './segments.ts';

/**
 * Marketing (issue 20 item 7, decision 051). SPEC §2 guards /marketing by sign-in only (no feature
 * key); the API reads what customers spent and writes to all of them, so it asks what SPEC §6
 * asks for reports: the owner, admins and managers, or an employee with can_access_reports.
 */
const marketingAccess = business({ employeeFeature: 'reports' });
const TAGS = ['marketing'];

const segmentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    rules: segmentRulesWire,
    count: z.number().int().openapi({ description: 'Customers the rules pick out now' }),
    reachable: z.number().int().openapi({ description: 'Of them, those a campaign would reach: an e-mail address and not unsubscribed' }),
    created_at: z.string(),
  })
  .openapi('MarketingSegment');

const previewSchema = z.object({
  count: z.number().int(),
  reachable: z.number().int(),
  currency: z.string(),
  customers: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string().nullable(),
      order_count: z.number().int(),
      total_spent: z.number().int().openapi({ description: 'Paid order totals less refunds, in minor units' }),
      last_visit_at: z.string().nullable(),
      unsubscribed: z.boolean(),
    }),
  ),
});

const campaignSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    body: z.string(),
    link_url: z.string().nullable(),
    segment_id: z.uuid().nullable(),
    segment_name: z.string(),
    rules: segmentRulesWire,
    attribution_days: z.number().int(),
    status: z.enum(['draft', 'sent']),
    sent_at: z.string().nullable(),
    attribution_ends_at: z.string().nullable(),
    created_at: z.string(),
    results: z.object({
      sends: z.number().int().openapi({ description: 'Outbox messages written, one per recipient' }),
      clicks: z.number().int().openapi({ description: 'Follows of the tracked link' }),
      clicked_recipients: z.number().int(),
      unsubscribes: z.number().int().openapi({ description: 'Recipients who have unsubscribed since the send' }),
      attributed_orders: z.number().int(),
      attributed_revenue: z.number().int().openapi({ description: 'Recipients’ paid orders less refunds in the attribution window, in minor units' }),
    }),
  })
  .openapi('MarketingCampaign');

const idParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().min(1).max(600) });

const listSegmentsRoute = defineRoute({
  method: 'get',
  path: '/api/marketing/segments',
  access: marketingAccess,
  tags: TAGS,
  summary: 'Saved customer segments, newest first, each with its live count',
  responses: { 200: jsonResponse(z.object({ segments: z.array(segmentSchema) }), 'The segments'), ...errorResponses(401, 403) },
});

const previewRoute = defineRoute({
  method: 'post',
  path: '/api/marketing/segments/preview',
  access: marketingAccess,
  tags: TAGS,
  summary: 'The customers a set of rules picks out now: count, reachable count and the biggest spenders (writes nothing)',
  request: { body: jsonBody(segmentPreviewInput) },
  responses: { 200: jsonResponse(previewSchema, 'The preview'), ...errorResponses(400, 401, 403) },
});

const createSegmentRoute = defineRoute({
  method: 'post',
  path: '/api/marketing/segments',
  access: marketingAccess,
  tags: TAGS,
  summary: 'Save a segment: a name and its rules',
  request: { body: jsonBody(segmentInput) },
  responses: { 201: jsonResponse(z.object({ segment: segmentSchema }), 'Saved'), ...errorResponses(400, 401, 403) },
});

const deleteSegmentRoute = defineRoute({
  method: 'delete',
  path: '/api/marketing/segments/{id}',
  access: marketingAccess,
  tags: TAGS,
  summary: 'Delete a saved segment (campaigns written to it keep their copy of its rules)',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

const listCampaignsRoute = defineRoute({
  method: 'get',
  path: '/api/marketing/campaigns',
  access: marketingAccess,
  tags: TAGS,
  summary: 'The latest 100 campaigns, newest first, with their results',
  responses: { 200: jsonResponse(z.object({ campaigns: z.array(campaignSchema), currency: z.string() }), 'The campaigns'), ...errorResponses(401, 403) },
});

const createCampaignRoute = defineRoute({
  method: 'post',
  path: '/api/marketing/campaigns',
  access: marketingAccess,
  tags: TAGS,
  summary: 'Write a campaign to a saved segment (a draft until sent)',
  request: { body: jsonBody(campaignInput) },
  responses: { 201: jsonResponse(z.object({ campaign: campaignSchema }), 'Written'), ...errorResponses(400, 401, 403, 404) },
});

const getCampaignRoute = defineRoute({
  method: 'get',
  path: '/api/marketing/campaigns/{id}',
  access: marketingAccess,
  tags: TAGS,
  summary: 'A campaign and its results: sends, clicks, unsubscribes and the sales attributed to it',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ campaign: campaignSchema, currency: z.string() }), 'The campaign'), ...errorResponses(400, 401, 403, 404) },
});

const sendCampaignRoute = defineRoute({
  method: 'post',
  path: '/api/marketing/campaigns/{id}/send',
  access: marketingAccess,
  tags: TAGS,
  summary:
    'Send the campaign once: one outbox e-mail per reachable customer of its segment. A retry with the same idempotency_key answers the first result; another send is 409 campaign_already_sent; 429 past the hourly limit per business.',
  request: { params: idParams, body: jsonBody(sendCampaignInput) },
  responses: { 200: jsonResponse(z.object({ campaign: campaignSchema, currency: z.string() }), 'Sent'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

const unsubscribeRoute = defineRoute({
  method: 'post',
  path: '/api/public/marketing/unsubscribe/{token}',
  access: PUBLIC,
  tags: TAGS,
  summary: 'The unsubscribe link of a marketing e-mail (no sign-in): the customer gets no later campaign. Repeating it changes nothing.',
  request: { params: tokenParams },
  responses: { 200: jsonResponse(z.object({ unsubscribed: z.literal(true), business_name: z.string() }), 'Unsubscribed'), ...errorResponses(400, 404) },
});

const followLinkRoute = defineRoute({
  method: 'get',
  path: '/api/public/marketing/links/{token}',
  access: PUBLIC,
  tags: TAGS,
  summary: 'The tracked link of a campaign e-mail (no sign-in): counts the click and redirects to the campaign’s link',
  request: { params: tokenParams },
  responses: { 302: { description: 'Redirect to the campaign’s link' }, ...errorResponses(400, 404) },
});

const originOf = (url: string, publicUrl: string | undefined) => (publicUrl ? publicUrl.replace(/\/$/, '') : new URL(url).origin);

export const marketingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSegmentsRoute, async (c) => c.json(await listSegments(c.var.services.database, c.var.tenant.businessId, new Date()), 200))
  .openapi(previewRoute, async (c) =>
    c.json(await previewSegment(c.var.services.database, c.var.tenant.businessId, rulesFromWire(c.req.valid('json').rules), new Date()), 200),
  )
  .openapi(createSegmentRoute, async (c) => {
    const { name, rules } = c.req.valid('json');
    return c.json(await createSegment(c.var.services.database, c.var.tenant, { name, rules: rulesFromWire(rules) }, new Date()), 201);
  })
  .openapi(deleteSegmentRoute, async (c) => c.json(await deleteSegment(c.var.services.database, c.var.tenant, c.req.valid('param').id), 200))
  .openapi(listCampaignsRoute, async (c) => c.json(await listCampaigns(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(createCampaignRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { segmentId: body.segment_id, subject: body.subject, body: body.body, linkUrl: body.link_url, attributionDays: body.attribution_days };
    return c.json(await createCampaign(c.var.services.database, c.var.tenant, input), 201);
  })
  .openapi(getCampaignRoute, async (c) => c.json(await getCampaign(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(sendCampaignRoute, async (c) => {
    const origin = originOf(c.req.url, c.var.services.config.publicUrl);
    return c.json(await sendCampaign(c.var.services, c.var.tenant, c.req.valid('param').id, { idempotencyKey: c.req.valid('json').idempotency_key, origin }, new Date()), 200);
  })
  .openapi(unsubscribeRoute, async (c) => {
    const { businessName } = await unsubscribeFromMarketing(c.var.services, c.req.valid('param').token, new Date());
    return c.json({ unsubscribed: true as const, business_name: businessName }, 200);
  })
  .openapi(followLinkRoute, async (c) => c.redirect(await followCampaignLink(c.var.services, c.req.valid('param').token, new Date()), 302));
