import { OpenAPIHono, z } from '@hono/zod-openapi';
import { FEATURE_FLAG_MODES, FEATURE_NAMES } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { listFeatureFlags } from './list-feature-flags.ts';
import { setFeatureFlag } from './set-feature-flag.ts';

const flagSchema = z
  .object({
    feature: z.enum(FEATURE_NAMES),
    mode: z.enum(FEATURE_FLAG_MODES),
    businesses: z.array(z.object({ id: z.uuid(), name: z.string() })),
    updated_at: z.string().nullable(),
  })
  .openapi('FeatureFlag');

const listRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/feature-flags',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Every SPEC §3 feature with its platform-wide switch: default (business decides), off, on, or on for chosen businesses',
  responses: { 200: jsonResponse(z.object({ flags: z.array(flagSchema) }), 'Switches'), ...errorResponses(400, 403) },
});

const setRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/feature-flags/{feature}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "Set a feature's platform-wide switch; enforced on every business's requests and sidebar; audited",
  request: {
    params: z.strictObject({ feature: z.enum(FEATURE_NAMES) }),
    body: jsonBody(z.strictObject({ mode: z.enum(FEATURE_FLAG_MODES), business_ids: z.array(z.uuid()).max(1000).optional() })),
  },
  responses: { 200: jsonResponse(z.object({ flag: flagSchema }), 'Set'), ...errorResponses(400, 403) },
});

export const featureFlagsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ flags: await listFeatureFlags(c.var.services) }, 200))
  .openapi(setRoute, async (c) =>
    c.json({ flag: await setFeatureFlag(c.var.services, c.var.account!.user.id, c.req.valid('param').feature, { mode: c.req.valid('json').mode, businessIds: c.req.valid('json').business_ids }, new Date()) }, 200),
  );
