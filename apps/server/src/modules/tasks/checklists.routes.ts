import { OpenAPIHono, z } from '@hono/zod-openapi';
import { CHECKLIST_ITEM_MAX, CHECKLIST_ITEMS_MAX, CHECKLIST_KINDS, CHECKLIST_NAME_MAX, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createChecklist, deleteChecklist, getTodayChecklists, listChecklists, tickChecklistItem, updateChecklist } from './checklists.ts';

// SPEC §6: /tasks is an open page; only the owner, admins and managers change checklists (decision 022, checked in the use-cases).
const access = business();
const TAGS = ['tasks'];

const checklistSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(CHECKLIST_KINDS),
    store_id: z.uuid().nullable().openapi({ description: 'The store it is for; null for every store' }),
    weekdays: z.array(z.number().int()).openapi({ description: 'ISO weekdays it recurs on: 1 Monday … 7 Sunday' }),
    items: z.array(z.object({ id: z.uuid(), text: z.string() })),
    updated_at: z.string(),
  })
  .openapi('Checklist');

const todaySchema = z
  .object({
    day: z.string().openapi({ description: 'Today in the store’s time zone, YYYY-MM-DD' }),
    store: z.object({ id: z.uuid(), name: z.string() }),
    checklists: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        kind: z.enum(CHECKLIST_KINDS),
        items: z.array(z.object({ id: z.uuid(), text: z.string(), done: z.boolean(), done_at: z.string().nullable(), done_by: z.string().nullable() })),
        progress: z.object({ done: z.number().int(), total: z.number().int(), complete: z.boolean() }),
        overdue: z.boolean().openapi({ description: 'Not complete and past its kind’s hour in the store’s time zone: opening 11:00, daily 17:00; closing never (decision 065)' }),
      }),
    ),
  })
  .openapi('TodayChecklists');

const checklistBody = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'Name the checklist').max(CHECKLIST_NAME_MAX)),
  kind: z.enum(CHECKLIST_KINDS),
  store_id: z.uuid().nullable(),
  weekdays: z
    .array(z.number().int().min(1, 'Days run from 1 (Monday) to 7 (Sunday)').max(7, 'Days run from 1 (Monday) to 7 (Sunday)'))
    .min(1, 'Choose at least one day')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Name each day once'),
  items: z
    .array(singleLine(z.string().trim().min(1, 'An item needs text').max(CHECKLIST_ITEM_MAX)))
    .min(1, 'Add at least one thing to tick off')
    .max(CHECKLIST_ITEMS_MAX),
});

const idParams = z.strictObject({ id: z.uuid() });
const one = (description: string) => jsonResponse(z.object({ checklist: checklistSchema }), description);

const listRoute = defineRoute({
  method: 'get',
  path: '/api/checklists',
  access,
  tags: TAGS,
  summary: 'Every opening, closing and daily checklist with its items',
  responses: { 200: jsonResponse(z.object({ checklists: z.array(checklistSchema) }), 'Checklists'), ...errorResponses(401, 403) },
});

const todayRoute = defineRoute({
  method: 'get',
  path: '/api/checklists/today',
  access,
  tags: TAGS,
  summary: 'Today’s checklists in a store (store_id; else the till’s store, else the main store), in its time zone, with what is ticked and by whom',
  request: { query: z.strictObject({ store_id: z.uuid().optional() }) },
  responses: { 200: jsonResponse(todaySchema, 'Today'), ...errorResponses(400, 401, 403, 422) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/checklists',
  access,
  tags: TAGS,
  summary: 'Add a checklist (owner, admin or manager; 403 otherwise): name, kind, store (null for every store), weekdays, items; audited',
  request: { body: jsonBody(checklistBody) },
  responses: { 201: one('Added'), ...errorResponses(400, 401, 403, 422) },
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/api/checklists/{id}',
  access,
  tags: TAGS,
  summary: 'Replace a checklist (owner, admin or manager); an item whose text is unchanged keeps today’s tick; audited',
  request: { params: idParams, body: jsonBody(checklistBody) },
  responses: { 200: one('Changed'), ...errorResponses(400, 401, 403, 404, 422) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/checklists/{id}',
  access,
  tags: TAGS,
  summary: 'Delete a checklist with its history (owner, admin or manager); audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

const tickRoute = defineRoute({
  method: 'put',
  path: '/api/checklists/{id}/items/{itemId}/tick',
  access,
  tags: TAGS,
  summary: 'Tick an item off for today in a store (done true), or clear it (false); anyone of the business, on a till through the employee session; 409 when the checklist is not due there today',
  request: { params: z.strictObject({ id: z.uuid(), itemId: z.uuid() }), body: jsonBody(z.strictObject({ done: z.boolean(), store_id: z.uuid().optional() })) },
  responses: { 200: jsonResponse(todaySchema, 'Today, after the tick'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

// Fixed paths first: "today" must not be read as an id.
/** The body as the use-cases take it (TypeScript's casing). */
function checklistInputOf({ store_id: storeId, ...rest }: z.infer<typeof checklistBody>) {
  return { ...rest, storeId };
}

export const checklistsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(todayRoute, async (c) => c.json(await getTodayChecklists(c.var.services.database, c.var.tenant, c.req.valid('query').store_id, new Date()), 200))
  .openapi(listRoute, async (c) => c.json({ checklists: await listChecklists(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(createRoute, async (c) => c.json({ checklist: await createChecklist(c.var.services.database, c.var.tenant, checklistInputOf(c.req.valid('json')), new Date()) }, 201))
  .openapi(updateRoute, async (c) =>
    c.json({ checklist: await updateChecklist(c.var.services.database, c.var.tenant, c.req.valid('param').id, checklistInputOf(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteChecklist(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(tickRoute, async (c) => {
    const { id, itemId } = c.req.valid('param');
    return c.json(await tickChecklistItem(c.var.services.database, c.var.tenant, { checklistId: id, itemId, done: c.req.valid('json').done, storeId: c.req.valid('json').store_id }, new Date()), 200);
  });
