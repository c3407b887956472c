import { OpenAPIHono, z } from '@hono/zod-openapi';
import { diningAreaInput, diningAreaView, diningPlanView, diningTableInput, diningTablePlacement, diningTableView, kitchenTicketView, moveTicketInput, splitBillInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getPlan } from './get-plan.ts';
import { moveTicket } from './move-ticket.ts';
import { createArea, deleteArea, updateArea } from './save-area.ts';
import { createTable, deleteTable, placeTable, updateTable } from './save-table.ts';
import { splitBill, undoSplit } from './split-bill.ts';

/**
 * The dining room (issue 16, decision 036): the till reads the plan, moves tickets and splits
 * bills (kitchen_display and SPEC §6 pos); areas and tables are settings (can_change_settings).
 */
const till = business({ feature: 'kitchen_display', employeeFeature: 'pos' });
const settings = business({ feature: 'kitchen_display', page: 'settings' });
const tags = ['dining'];
const idParams = z.object({ id: z.uuid() });
const ticketResponse = (description: string) => jsonResponse(z.object({ ticket: kitchenTicketView }), description);
const tableResponse = (description: string) => jsonResponse(z.object({ table: diningTableView }), description);
/** The table's body in the use-cases' casing. */
const tableFields = ({ area_id: areaId, ...rest }: z.output<typeof diningTableInput>) => ({ areaId, ...rest });
const areaResponse = (description: string) => jsonResponse(z.object({ area: diningAreaView }), description);

const planRoute = defineRoute({
  method: 'get',
  path: '/api/dining/plan',
  access: till,
  tags,
  summary: "The till's table plan: areas, tables and each table's state (free, ordered, waiting, paying) from its open ticket",
  responses: { 200: jsonResponse(diningPlanView, 'The plan'), ...errorResponses(401, 403) },
});

const createAreaRoute = defineRoute({
  method: 'post',
  path: '/api/dining/areas',
  access: settings,
  tags,
  summary: 'A new area of the plan (Terrace, Bar…)',
  request: { body: jsonBody(diningAreaInput) },
  responses: { 201: areaResponse('Created'), ...errorResponses(400, 401, 403, 409) },
});

const updateAreaRoute = defineRoute({
  method: 'put',
  path: '/api/dining/areas/{id}',
  access: settings,
  tags,
  summary: 'Rename or reorder an area',
  request: { params: idParams, body: jsonBody(diningAreaInput) },
  responses: { 200: areaResponse('Saved'), ...errorResponses(400, 401, 403, 404, 409) },
});

const deleteAreaRoute = defineRoute({
  method: 'delete',
  path: '/api/dining/areas/{id}',
  access: settings,
  tags,
  summary: 'Remove an area and its tables (409 while one of them has an open ticket)',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404, 409) },
});

const createTableRoute = defineRoute({
  method: 'post',
  path: '/api/dining/tables',
  access: settings,
  tags,
  summary: 'A new table: name or number, seats, position and size on the plan',
  request: { body: jsonBody(diningTableInput) },
  responses: { 201: tableResponse('Created'), ...errorResponses(400, 401, 403, 404, 409) },
});

const updateTableRoute = defineRoute({
  method: 'put',
  path: '/api/dining/tables/{id}',
  access: settings,
  tags,
  summary: 'Change a table (name, seats, area, position, size)',
  request: { params: idParams, body: jsonBody(diningTableInput) },
  responses: { 200: tableResponse('Saved'), ...errorResponses(400, 401, 403, 404, 409) },
});

const placeTableRoute = defineRoute({
  method: 'patch',
  path: '/api/dining/tables/{id}/place',
  access: settings,
  tags,
  summary: 'Drag to arrange: a table’s position (and size) on the plan',
  request: { params: idParams, body: jsonBody(diningTablePlacement) },
  responses: { 200: tableResponse('Placed'), ...errorResponses(400, 401, 403, 404) },
});

const deleteTableRoute = defineRoute({
  method: 'delete',
  path: '/api/dining/tables/{id}',
  access: settings,
  tags,
  summary: 'Remove a table (409 while it has an open ticket; old tickets keep its name)',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404, 409) },
});

const moveRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets/{id}/move',
  access: till,
  tags,
  summary: 'Move an open ticket to another, free table (409 dining_table_occupied; no merging). Audited.',
  request: { params: idParams, body: jsonBody(moveTicketInput) },
  responses: { 200: ticketResponse('Moved'), ...errorResponses(400, 401, 403, 404, 409) },
});

const splitRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets/{id}/split',
  access: till,
  tags,
  summary: 'Split the bill by items or by seats; each part is then paid through the checkout with kitchenBillPartId',
  request: { params: idParams, body: jsonBody(splitBillInput) },
  responses: { 200: ticketResponse('Split'), ...errorResponses(400, 401, 403, 404, 409) },
});

const undoSplitRoute = defineRoute({
  method: 'delete',
  path: '/api/kitchen/tickets/{id}/split',
  access: till,
  tags,
  summary: 'Undo a split while no part is paid or being paid',
  request: { params: idParams },
  responses: { 200: ticketResponse('Whole again'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const diningRoutes = new OpenAPIHono<AppEnv>()
  .openapi(planRoute, async (c) => c.json(await getPlan(c.var.services.database, c.var.tenant), 200))
  .openapi(createAreaRoute, async (c) => c.json({ area: await createArea(c.var.services.database, c.var.tenant, c.req.valid('json')) }, 201))
  .openapi(updateAreaRoute, async (c) => c.json({ area: await updateArea(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(deleteAreaRoute, async (c) => {
    await deleteArea(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(createTableRoute, async (c) => c.json({ table: await createTable(c.var.services.database, c.var.tenant, tableFields(c.req.valid('json'))) }, 201))
  .openapi(updateTableRoute, async (c) => c.json({ table: await updateTable(c.var.services.database, c.var.tenant, c.req.valid('param').id, tableFields(c.req.valid('json'))) }, 200))
  .openapi(placeTableRoute, async (c) => c.json({ table: await placeTable(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(deleteTableRoute, async (c) => {
    await deleteTable(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(moveRoute, async (c) => c.json({ ticket: await moveTicket(c.var.services.database, c.var.tenant, c.req.valid('param').id, { tableId: c.req.valid('json').table_id }) }, 200))
  .openapi(splitRoute, async (c) => c.json({ ticket: await splitBill(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(undoSplitRoute, async (c) => c.json({ ticket: await undoSplit(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200));
