import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  addRoundFromWire,
  addRoundInput,
  changeItemFromWire,
  changeItemInput,
  kitchenStationView,
  kitchenTicketView,
  sendTicketFromWire,
  sendTicketInput,
  stageListFromWire,
  stageListInput,
  stageListView,
  stageMoveFromWire,
  stageMoveInput,
  stationFromWire,
  stationInput,
} from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { addRound } from './add-round.ts';
import { changeItem } from './change-item.ts';
import { fireCourse } from './fire-course.ts';
import { getBoard } from './get-board.ts';
import { getStageList } from './get-stage-list.ts';
import { getTicket } from './get-ticket.ts';
import { listOpenTickets } from './list-open-tickets.ts';
import { listStations } from './list-stations.ts';
import { markItemDone } from './mark-item-done.ts';
import { moveTicketStage } from './move-ticket-stage.ts';
import { saveStageList } from './save-stage-list.ts';
import { createStation, deleteStation, updateStation } from './save-station.ts';
import { sendTicket } from './send-ticket.ts';

/**
 * The kitchen (issue 16, decision 026). SPEC §2 gates /kitchen on kitchen_display; SPEC §6: the
 * till's side (sending, rounds, changes, firing) needs pos access (cashier, manager, admin, owner),
 * the display's (board, bump, recall, item done) kitchen access (kitchen, manager, admin, owner),
 * and the stations are settings (can_change_settings).
 */
const till = business({ feature: 'kitchen_display', employeeFeature: 'pos' });
const display = business({ feature: 'kitchen_display', employeeFeature: 'kitchen' });
const settings = business({ feature: 'kitchen_display', page: 'settings' });

const ticketSchema = kitchenTicketView;
const stationSchema = kitchenStationView;
const ticketResponse = (description: string) => jsonResponse(z.object({ ticket: ticketSchema }), description);
const idParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), itemId: z.uuid() });
const tags = ['kitchen'];

const sendRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets',
  access: till,
  tags,
  summary: 'Send to kitchen: a new ticket (dine-in with a table, takeaway or delivery) with its first round, before payment',
  description: 'Send a client-generated UUID idempotency_key: a retry returns the first ticket (200). Numbered from 1 per business per day.',
  request: { body: jsonBody(sendTicketInput) },
  responses: { 201: ticketResponse('Sent'), 200: ticketResponse('A retry: the ticket the key first made'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const openRoute = defineRoute({
  method: 'get',
  path: '/api/kitchen/tickets',
  access: till,
  tags,
  summary: "The till's open (unpaid) tickets with each one's stage",
  responses: { 200: jsonResponse(z.object({ tickets: z.array(ticketSchema) }), 'Open tickets'), ...errorResponses(401, 403) },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/kitchen/tickets/{id}',
  access: till,
  tags,
  summary: 'One ticket with its items',
  request: { params: idParams },
  responses: { 200: ticketResponse('The ticket'), ...errorResponses(400, 401, 403, 404) },
});

const roundRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets/{id}/items',
  access: till,
  tags,
  summary: 'Another round on an open ticket (409 once it is paid)',
  request: { params: idParams, body: jsonBody(addRoundInput) },
  responses: { 200: ticketResponse('Added'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const changeRoute = defineRoute({
  method: 'patch',
  path: '/api/kitchen/tickets/{id}/items/{itemId}',
  access: till,
  tags,
  summary: 'Change (quantity, note, modifiers) or void an item already sent; the display shows it as a change. Audited.',
  request: { params: itemParams, body: jsonBody(changeItemInput) },
  responses: { 200: ticketResponse('Changed'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const fireRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets/{id}/fire',
  access: till,
  tags,
  summary: 'Fire the held course (409 when nothing is held)',
  request: { params: idParams },
  responses: { 200: ticketResponse('Fired'), ...errorResponses(400, 401, 403, 404, 409) },
});

const boardRoute = defineRoute({
  method: 'get',
  path: '/api/kitchen/board',
  access: display,
  tags,
  summary: "The kitchen display's stations and its tickets (on the line, and served in the last 15 minutes)",
  responses: {
    200: jsonResponse(z.object({ stations: z.array(stationSchema), stage_list: stageListView, tickets: z.array(ticketSchema), server_time: z.string() }), 'The board'),
    ...errorResponses(401, 403),
  },
});

const moveRoute = (direction: 'bump' | 'recall') =>
  defineRoute({
    method: 'post',
    path: `/api/kitchen/tickets/{id}/${direction}`,
    access: display,
    tags,
    summary:
      direction === 'bump'
        ? 'Bump: the live items (a station\'s, or all from the expo view) one stage on (New → Cooking → Ready → Served); 409 illegal_transition from Served or a stale `from`'
        : 'Recall: the items at `from` one stage back (brings back the last bumped)',
    request: { params: idParams, body: jsonBody(stageMoveInput) },
    responses: { 200: ticketResponse('Moved'), ...errorResponses(400, 401, 403, 404, 409) },
  });
const bumpRoute = moveRoute('bump');
const recallRoute = moveRoute('recall');

const doneRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/tickets/{id}/items/{itemId}/done',
  access: display,
  tags,
  summary: 'One item is ready before the rest of its ticket',
  request: { params: itemParams },
  responses: { 200: ticketResponse('Done'), ...errorResponses(400, 401, 403, 404, 409) },
});

const stationsRoute = defineRoute({
  method: 'get',
  path: '/api/kitchen/stations',
  access: display,
  tags,
  summary: 'The stations of the kitchen display',
  responses: { 200: jsonResponse(z.object({ stations: z.array(stationSchema) }), 'Stations'), ...errorResponses(401, 403) },
});

const createStationRoute = defineRoute({
  method: 'post',
  path: '/api/kitchen/stations',
  access: settings,
  tags,
  summary: 'A new station with the categories it prepares and its timer thresholds (seconds)',
  request: { body: jsonBody(stationInput) },
  responses: { 201: jsonResponse(z.object({ station: stationSchema }), 'Created'), ...errorResponses(400, 401, 403, 409, 422) },
});

const updateStationRoute = defineRoute({
  method: 'put',
  path: '/api/kitchen/stations/{id}',
  access: settings,
  tags,
  summary: 'Rename a station, change its categories or thresholds',
  request: { params: idParams, body: jsonBody(stationInput) },
  responses: { 200: jsonResponse(z.object({ station: stationSchema }), 'Saved'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const deleteStationRoute = defineRoute({
  method: 'delete',
  path: '/api/kitchen/stations/{id}',
  access: settings,
  tags,
  summary: 'Remove a station (its tickets stay on the expo view)',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404) },
});

const stagesRoute = defineRoute({
  method: 'get',
  path: '/api/kitchen/stages',
  access: display,
  tags,
  summary: "The business's kitchen stages (decision 036): today's four until it names its own",
  responses: { 200: jsonResponse(z.object({ stage_list: stageListView }), 'Stages'), ...errorResponses(401, 403) },
});

const saveStagesRoute = defineRoute({
  method: 'put',
  path: '/api/kitchen/stages',
  access: settings,
  tags,
  summary: 'Name the kitchen stages: 2–6 unique names, ready_index before the last (served) one; items of open tickets are remapped',
  request: { body: jsonBody(stageListInput) },
  responses: { 200: jsonResponse(z.object({ stage_list: stageListView }), 'Saved'), ...errorResponses(400, 401, 403) },
});

export const kitchenRoutes = new OpenAPIHono<AppEnv>()
  .openapi(sendRoute, async (c) => {
    const { replayed, ticket } = await sendTicket(c.var.services.database, c.var.tenant, sendTicketFromWire(c.req.valid('json')), new Date());
    return c.json({ ticket }, replayed ? 200 : 201);
  })
  .openapi(openRoute, async (c) => c.json({ tickets: await listOpenTickets(c.var.services.database, c.var.tenant) }, 200))
  .openapi(getRoute, async (c) => c.json({ ticket: await getTicket(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200))
  .openapi(roundRoute, async (c) =>
    c.json({ ticket: await addRound(c.var.services.database, c.var.tenant, c.req.valid('param').id, addRoundFromWire(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(changeRoute, async (c) => {
    const { id, itemId } = c.req.valid('param');
    return c.json({ ticket: await changeItem(c.var.services.database, c.var.tenant, id, itemId, changeItemFromWire(c.req.valid('json')), new Date()) }, 200);
  })
  .openapi(fireRoute, async (c) => c.json({ ticket: await fireCourse(c.var.services.database, c.var.tenant, c.req.valid('param').id, new Date()) }, 200))
  .openapi(boardRoute, async (c) => c.json(await getBoard(c.var.services.database, c.var.tenant, new Date()), 200))
  .openapi(bumpRoute, async (c) =>
    c.json({ ticket: await moveTicketStage(c.var.services.database, c.var.tenant, c.req.valid('param').id, 'bump', stageMoveFromWire(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(recallRoute, async (c) =>
    c.json({ ticket: await moveTicketStage(c.var.services.database, c.var.tenant, c.req.valid('param').id, 'recall', stageMoveFromWire(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(doneRoute, async (c) => {
    const { id, itemId } = c.req.valid('param');
    return c.json({ ticket: await markItemDone(c.var.services.database, c.var.tenant, id, itemId, new Date()) }, 200);
  })
  .openapi(stagesRoute, async (c) => c.json({ stage_list: await getStageList(c.var.services.database, c.var.tenant) }, 200))
  .openapi(saveStagesRoute, async (c) =>
    c.json({ stage_list: await saveStageList(c.var.services.database, c.var.tenant, stageListFromWire(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(stationsRoute, async (c) => c.json({ stations: await listStations(c.var.services.database, c.var.tenant) }, 200))
  .openapi(createStationRoute, async (c) => c.json({ station: await createStation(c.var.services.database, c.var.tenant, stationFromWire(c.req.valid('json'))) }, 201))
  .openapi(updateStationRoute, async (c) =>
    c.json({ station: await updateStation(c.var.services.database, c.var.tenant, c.req.valid('param').id, stationFromWire(c.req.valid('json'))) }, 200),
  )
  .openapi(deleteStationRoute, async (c) => {
    await deleteStation(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.body(null, 204);
  });
