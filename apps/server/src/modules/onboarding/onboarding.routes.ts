import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ONBOARDING_STEPS } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getOnboardingChecklist } from './get-onboarding-checklist.ts';

const checklistRoute = defineRoute({
  method: 'get',
  path: '/api/onboarding/checklist',
  // The person setting the business up: the owner, or an admin who may change settings.
  access: business({ page: 'settings' }),
  tags: ['onboarding'],
  summary: 'The first-run checklist: add products, add staff, pair a till, make a first sale; complete once all are done',
  responses: {
    200: jsonResponse(
      z.object({ steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })), complete: z.boolean() }),
      'The checklist',
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const onboardingRoutes = new OpenAPIHono<AppEnv>().openapi(checklistRoute, async (c) =>
  c.json(await getOnboardingChecklist(c.var.services.database, c.var.tenant.businessId), 200),
);
