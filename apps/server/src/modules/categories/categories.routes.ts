import { singleLine } from '@till/core';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createCategory } from './create-category.ts';
import { listCategories, listPosCategories } from './list-categories.ts';
import { reorderCategories } from './reorder-categories.ts';
import { updateCategory } from './update-category.ts';

export const categorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    color: z.string().nullable(),
    sort_order: z.number().int(),
    is_active: z.boolean(),
    product_count: z.number().int(),
  })
  .openapi('Category');

const name = singleLine(z.string().trim().min(1, 'Name the category').max(80));
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #22c55e')
  .transform((value) => value.toLowerCase())
  .nullable();
const idParams = z.object({ id: z.uuid() });

const inventory = { feature: 'inventory_management' } as const;
const manage = business({ ...inventory, adminPermission: 'can_add_categories' });
const one = (description: string) => ({
  200: jsonResponse(z.object({ category: categorySchema }), description),
  ...errorResponses(400, 401, 403, 404, 409),
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/categories',
  access: business(inventory),
  tags: ['categories'],
  summary: "Categories in the till's order with how many active products each holds",
  request: { query: z.strictObject({ status: z.enum(['active', 'archived', 'all']).default('active') }) },
  responses: { 200: jsonResponse(z.object({ categories: z.array(categorySchema) }), 'Categories'), ...errorResponses(400, 401, 403) },
});

const posListRoute = defineRoute({
  method: 'get',
  path: '/api/pos/categories',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['categories', 'pos'],
  summary: "The till's category tabs: active categories in order",
  responses: { 200: jsonResponse(z.object({ categories: z.array(categorySchema) }), 'Categories'), ...errorResponses(400, 401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/categories',
  access: manage,
  tags: ['categories'],
  summary: 'Add a category (name unique per business, any case); it goes last in the order',
  request: { body: jsonBody(z.strictObject({ name, color: color.optional() })) },
  responses: { 201: jsonResponse(z.object({ category: categorySchema }), 'Created'), ...errorResponses(400, 401, 403, 409) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/categories/{id}',
  access: manage,
  tags: ['categories'],
  summary: 'Rename, recolour or move a category',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({ name: name.optional(), color: color.optional(), sort_order: z.number().int().min(0).max(100_000).optional() })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: one('Changed'),
});

const reorderRoute = defineRoute({
  method: 'post',
  path: '/api/categories/reorder',
  access: manage,
  tags: ['categories'],
  summary: 'Set the order: each id gets its position in the list',
  request: {
    body: jsonBody(
      z.strictObject({
        ids: z
          .array(z.uuid())
          .min(1)
          .max(1000)
          .refine((ids) => new Set(ids).size === ids.length, 'An id appears twice'),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ categories: z.array(categorySchema) }), 'The new order'), ...errorResponses(400, 401, 403, 422) },
});

const archiveRoute = defineRoute({
  method: 'post',
  path: '/api/categories/{id}/archive',
  access: manage,
  tags: ['categories'],
  summary: 'Hide a category from the till and the filters; its products keep it and stay on sale',
  request: { params: idParams },
  responses: one('Archived'),
});

const restoreRoute = defineRoute({
  method: 'post',
  path: '/api/categories/{id}/restore',
  access: manage,
  tags: ['categories'],
  summary: 'Bring an archived category back',
  request: { params: idParams },
  responses: one('Restored'),
});

export const categoriesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    return c.json({ categories: await listCategories(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').status) }, 200);
  })
  .openapi(posListRoute, async (c) => {
    return c.json({ categories: await listPosCategories(c.var.services.database, c.var.tenant.businessId) }, 200);
  })
  .openapi(createRoute, async (c) => {
    return c.json({ category: await createCategory(c.var.services.database, c.var.tenant, c.req.valid('json')) }, 201);
  })
  // Registered before /{id} routes so "reorder" is never read as an id.
  .openapi(reorderRoute, async (c) => {
    return c.json({ categories: await reorderCategories(c.var.services.database, c.var.tenant, c.req.valid('json').ids) }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const { sort_order: sortOrder, ...body } = c.req.valid('json');
    const category = await updateCategory(c.var.services.database, c.var.tenant, c.req.valid('param').id, { ...body, sortOrder });
    return c.json({ category }, 200);
  })
  .openapi(archiveRoute, async (c) => {
    const category = await updateCategory(c.var.services.database, c.var.tenant, c.req.valid('param').id, { isActive: false });
    return c.json({ category }, 200);
  })
  .openapi(restoreRoute, async (c) => {
    const category = await updateCategory(c.var.services.database, c.var.tenant, c.req.valid('param').id, { isActive: true });
    return c.json({ category }, 200);
  });
