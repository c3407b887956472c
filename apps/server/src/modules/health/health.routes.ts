import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, defineRoute } from '../../lib/routing.ts';
import { checkHealth } from './check-health.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'unreachable']) }).openapi('Health');

const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  access: PUBLIC,
  tags: ['health'],
  summary: 'Whether the server and its database answer',
  responses: { 200: jsonResponse(healthSchema, 'Healthy'), 503: jsonResponse(healthSchema, 'Database unreachable') },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  const health = await checkHealth(c.var.services.database);
  return health.db === 'ok' ? c.json(health, 200) : c.json(health, 503);
});
