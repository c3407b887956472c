import { OpenAPIHono, z } from '@hono/zod-openapi';
import { FEATURE_NAMES, PLAN_LIMIT_MAX, multiLine, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { PUBLIC, SUPER_ADMIN, business, defineRoute } from '../../lib/routing.ts';
import { currencyCode } from '../business/business-settings.ts';
import { assignPlan, listBusinessPlans } from './assign-plan.ts';
import { getSubscription } from './get-subscription.ts';
import { listPlansForAdmin, listPublicPlans } from './list-plans.ts';
import { createPlan, deletePlan, updatePlan } from './save-plan.ts';

const limit = z.number().int('A whole number').min(0).max(PLAN_LIMIT_MAX).nullable();
const limitsSchema = z.object({ stores: z.number().int().nullable(), registers: z.number().int().nullable(), employees: z.number().int().nullable(), products: z.number().int().nullable() });

const planSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    monthly_price: z.number().int(),
    currency: z.string(),
    limits: limitsSchema,
    features: z.array(z.enum(FEATURE_NAMES)),
  })
  .openapi('SubscriptionPlan');

const adminPlanSchema = planSchema
  .extend({ is_active: z.boolean(), is_default: z.boolean(), sort_order: z.number().int(), businesses: z.number().int() })
  .openapi('SubscriptionPlanAdmin');

const planInput = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'Give the plan a name').max(60)),
  description: multiLine(z.string().trim().max(500)).default(''),
  monthly_price: z.number().int('Whole minor units (cents)').min(0).max(100_000_000),
  currency: currencyCode,
  limits: z.strictObject({ stores: limit, registers: limit, employees: limit, products: limit }),
  features: z.array(z.enum(FEATURE_NAMES)).max(FEATURE_NAMES.length * 2),
  is_active: z.boolean().default(true),
  is_default: z.boolean().default(false),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});

const idParams = z.strictObject({ id: z.uuid() });

const publicPlansRoute = defineRoute({
  method: 'get',
  path: '/api/plans',
  access: PUBLIC,
  tags: ['plans'],
  summary: 'The plans on offer, cheapest first (public: the /pricing page needs no sign-in)',
  responses: { 200: jsonResponse(z.object({ plans: z.array(planSchema) }), 'Plans') },
});

const subscriptionRoute = defineRoute({
  method: 'get',
  path: '/api/subscription',
  access: business({ page: 'settings' }),
  tags: ['plans'],
  summary: "The business's plan and its use of each limit (stores, tills, employees, products)",
  responses: {
    200: jsonResponse(
      z.object({
        plan: nullableRef(planSchema),
        usage: z.object({ stores: z.number().int(), registers: z.number().int(), employees: z.number().int(), products: z.number().int() }),
      }),
      'Plan and usage',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const adminListRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/plans',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Every plan, offered or not, with how many businesses are on it',
  responses: { 200: jsonResponse(z.object({ plans: z.array(adminPlanSchema) }), 'Plans'), ...errorResponses(400, 403) },
});

const createPlanRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/plans',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Add a plan: monthly price (minor units), limits (null = unlimited) and included features; audited',
  request: { body: jsonBody(planInput) },
  responses: { 201: jsonResponse(z.object({ plan: adminPlanSchema }), 'Added'), ...errorResponses(400, 403, 409) },
});

const updatePlanRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/plans/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Change a plan; audited. Limits apply to what businesses add from now on',
  request: { params: idParams, body: jsonBody(planInput) },
  responses: { 200: jsonResponse(z.object({ plan: adminPlanSchema }), 'Changed'), ...errorResponses(400, 403, 404, 409) },
});

const deletePlanRoute = defineRoute({
  method: 'delete',
  path: '/api/super-admin/plans/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Delete a plan nobody is on (409 for the default plan or one in use); audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 403, 404, 409) },
});

const businessPlanSchema = z
  .object({ id: z.uuid(), name: z.string(), created_at: z.string(), plan: z.object({ id: z.uuid(), name: z.string() }).nullable(), on_default_plan: z.boolean() })
  .openapi('BusinessPlan');

const businessesRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/businesses',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Every business on the platform with its plan',
  responses: { 200: jsonResponse(z.object({ businesses: z.array(businessPlanSchema) }), 'Businesses'), ...errorResponses(400, 403) },
});

const assignRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/businesses/{id}/plan',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Put a business on a plan (no payment provider); audited',
  request: { params: idParams, body: jsonBody(z.strictObject({ plan_id: z.uuid() })) },
  responses: { 200: jsonResponse(z.object({ business: businessPlanSchema }), 'Assigned'), ...errorResponses(400, 403, 404) },
});

export const plansRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicPlansRoute, async (c) => c.json({ plans: await listPublicPlans(c.var.services.database) }, 200))
  .openapi(subscriptionRoute, async (c) => c.json(await getSubscription(c.var.services.database, c.var.tenant), 200))
  .openapi(adminListRoute, async (c) => c.json({ plans: await listPlansForAdmin(c.var.services.database) }, 200))
  .openapi(createPlanRoute, async (c) => c.json({ plan: await createPlan(c.var.services.database, c.var.account!.user.id, c.req.valid('json'), new Date()) }, 201))
  .openapi(updatePlanRoute, async (c) =>
    c.json({ plan: await updatePlan(c.var.services.database, c.var.account!.user.id, c.req.valid('param').id, c.req.valid('json'), new Date()) }, 200),
  )
  .openapi(deletePlanRoute, async (c) => {
    await deletePlan(c.var.services.database, c.var.account!.user.id, c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(businessesRoute, async (c) => c.json({ businesses: await listBusinessPlans(c.var.services.database) }, 200))
  .openapi(assignRoute, async (c) =>
    c.json({ business: await assignPlan(c.var.services.database, c.var.account!.user.id, c.req.valid('param').id, c.req.valid('json').plan_id, new Date()) }, 200),
  );
