import { OpenAPIHono } from '@hono/zod-openapi';
import { broadcastInput, broadcastResult } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { sendBroadcast } from './send-broadcast.ts';

const broadcastRoute = defineRoute({
  method: 'post',
  path: '/api/realtime/broadcast',
  access: business(),
  tags: ['realtime'],
  summary: 'Send messages to the sockets of this business joined to each topic (SPEC §7 broadcast POST)',
  description:
    'Each message is delivered as a `broadcast` event to the sockets of the caller\'s business joined to its topic, in every app process. ' +
    'The caller must be allowed to join each topic (403/404 otherwise, nothing sent). Event names the server publishes itself are refused.',
  request: { body: jsonBody(broadcastInput) },
  responses: {
    202: jsonResponse(broadcastResult, 'Handed to every app process'),
    ...errorResponses(400, 403, 404, 503),
  },
});

export const realtimeRoutes = new OpenAPIHono<AppEnv>().openapi(broadcastRoute, async (c) =>
  c.json(await sendBroadcast(c.var.services, c.var.tenant, c.req.valid('json')), 202),
);
