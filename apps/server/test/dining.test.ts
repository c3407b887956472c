import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, kitchenBillParts, kitchenTickets, orders, products } from '../src/db/schema/index.ts';
import { realtimeTopic } from '@till/core';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { TestSocket } from './realtime-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Restaurant extends StaffBusiness {
  steak: { id: string; price: number };
  salad: { id: string; price: number };
  areaId: string;
  tables: Record<string, string>;
}

/** A restaurant with the kitchen display on, a Terrace with tables 1–4. */
async function restaurant(name: string): Promise<Restaurant> {
  const shop = await staffBusiness(server, { businessName: name, features: { employee_management: true, kitchen_display: true } });
  const [steak, salad] = await seedProducts(server, shop.businessId, [
    { name: 'Steak', price: 2400 },
    { name: 'Salad', price: 900 },
  ]);
  await server.database.withTenant(shop.businessId, async (tx) => {
    const [mains] = await tx.insert(categories).values({ businessId: shop.businessId, name: 'Mains' }).returning();
    await tx.update(products).set({ categoryId: mains!.id }).where(eq(products.id, steak!.id));
  });
  const area = (await okApi(await shop.client.api.POST('/api/dining/areas', { body: { name: 'Terrace' } }), 201)).area;
  const tables: Record<string, string> = {};
  for (const [index, label] of ['1', '2', '3', '4'].entries()) {
    tables[label] = (await okApi(await shop.client.api.POST('/api/dining/tables', { body: { area_id: area.id, name: label, seats: 4, x: index * 120, y: 40 } }), 201)).table.id;
  }
  return { ...shop, steak: steak!, salad: salad!, areaId: area.id, tables };
}

type NewTicket = ApiBody<'/api/kitchen/tickets', 'post'>;
type Checkout = ApiBody<'/api/checkout', 'post'>;
const sendTicket = (client: ApiClient, body: NewTicket) => client.api.POST('/api/kitchen/tickets', { body });
const checkout = (client: ApiClient, body: Checkout) => client.api.POST('/api/checkout', { body });
const ticketPath = (id: string) => ({ params: { path: { id } } });

const dineIn = (r: Restaurant, table: string): NewTicket => ({
  idempotency_key: randomUUID(),
  order_type: 'dine_in',
  table_id: r.tables[table],
  guests: 2,
  items: [
    { product_id: r.steak.id, quantity: 2, seat: 1 },
    { product_id: r.salad.id, quantity: 1, seat: 2 },
  ],
});

let r: Restaurant;
let other: Restaurant;
beforeAll(async () => {
  r = await restaurant('Trattoria');
  other = await restaurant('Other Trattoria');
});

const stateOf = async (name: string) => (await okApi(await r.client.api.GET('/api/dining/plan'), 200)).tables.find((table) => table.name === name)!;

describe('the table plan', () => {
  it('only settings people manage areas and tables; the till reads the plan', async () => {
    const shop = await restaurant('Permissions Bistro');
    const staff = await staffOfEveryRole(server, shop);
    const table = { area_id: shop.areaId, name: '9', seats: 2 };
    const place = (body: { x: number; y: number }, headers: Record<string, string> = {}) =>
      shop.client.api.PATCH('/api/dining/tables/{id}/place', { params: { path: { id: shop.tables['1']! } }, body, headers });
    for (const role of ['cashier', 'kitchen', 'manager'] as const) {
      const headers = as(staff.tokens[role]!);
      expect((await shop.client.api.POST('/api/dining/tables', { body: table, headers })).response.status).toBe(403);
      expect((await shop.client.api.POST('/api/dining/areas', { body: { name: 'Bar' }, headers })).response.status).toBe(403);
      expect((await place({ x: 500, y: 500 }, headers)).response.status).toBe(403);
      expect((await shop.client.api.DELETE('/api/dining/tables/{id}', { params: { path: { id: shop.tables['1']! } }, headers })).response.status).toBe(403);
    }
    const plan = await okApi(await shop.client.api.GET('/api/dining/plan', { headers: as(staff.tokens.cashier!) }), 200);
    expect(plan.tables.map((row) => [row.name, row.x, row.state])).toEqual([
      ['1', 0, 'free'],
      ['2', 120, 'free'],
      ['3', 240, 'free'],
      ['4', 360, 'free'],
    ]);
    expect((await shop.client.api.GET('/api/dining/plan', { headers: as(staff.tokens.kitchen!) })).response.status).toBe(403);
    await okApi(await shop.client.api.POST('/api/dining/tables', { body: table, headers: as(staff.tokens.adminAll!) }), 201);
    const placed = await okApi(await place({ x: 640, y: 320 }), 200);
    expect(placed.table).toMatchObject({ x: 640, y: 320 });
  });

  it('refuses bad tables, duplicates and another business’s area', async () => {
    // bad input: the contract refuses an empty name
    expect((await r.client.raw('POST', '/api/dining/tables', { area_id: r.areaId, name: '', seats: 2 })).status).toBe(400);
    // bad input: the contract refuses a table of no seats
    expect((await r.client.raw('POST', '/api/dining/tables', { area_id: r.areaId, name: '7', seats: 0 })).status).toBe(400);
    expect((await r.client.api.POST('/api/dining/tables', { body: { area_id: r.areaId, name: '1' } })).response.status).toBe(409);
    expect((await r.client.api.POST('/api/dining/tables', { body: { area_id: other.areaId, name: '8' } })).response.status).toBe(404);
    expect((await r.client.api.POST('/api/dining/areas', { body: { name: 'Terrace' } })).response.status).toBe(409);
  });
});

describe('tickets on tables', () => {
  it('a ticket sits on its table; the plan colours it; one open ticket per table', async () => {
    const ticket = (await okApi(await sendTicket(r.client, dineIn(r, '1')), 201)).ticket;
    expect(ticket).toMatchObject({ table: '1', table_id: r.tables['1'], bill_parts: [], being_paid: false });
    expect(ticket.items.map((item) => item.seat)).toEqual([1, 2]);
    expect(await stateOf('1')).toMatchObject({ state: 'ordered', ticket: { id: ticket.id, guests: 2 } });
    await okApi(await r.client.api.POST('/api/kitchen/tickets/{id}/bump', { ...ticketPath(ticket.id), body: { from: 'new' } }), 200);
    expect((await stateOf('1')).state).toBe('waiting');
    const taken = await sendTicket(r.client, dineIn(r, '1'));
    expect(taken.response.status).toBe(409);
    expect(taken.error?.error.code).toBe('dining_table_occupied');
    expect((await sendTicket(r.client, { ...dineIn(r, '1'), table_id: other.tables['1'] })).response.status).toBe(404);
    // An old-style ticket with only a label still works.
    const labelled = await okApi(await sendTicket(r.client, { ...dineIn(r, '1'), table_id: undefined, table: 'Patio 9' }), 201);
    expect(labelled.ticket).toMatchObject({ table: 'Patio 9', table_id: null });
  });

  it('moves a ticket to a free table (audited); an occupied or another business’s table changes nothing', async () => {
    const ticket = (await okApi(await sendTicket(r.client, dineIn(r, '2')), 201)).ticket;
    const blocker = (await okApi(await sendTicket(r.client, dineIn(r, '3')), 201)).ticket;
    const move = (client: ApiClient, tableId: string) => client.api.POST('/api/kitchen/tickets/{id}/move', { ...ticketPath(ticket.id), body: { table_id: tableId } });
    const occupied = await move(r.client, r.tables['3']!);
    expect(occupied.response.status).toBe(409);
    expect(occupied.error?.error.code).toBe('dining_table_occupied');
    const foreign = await move(r.client, other.tables['4']!);
    expect(foreign.response.status).toBe(404);
    const stolen = await move(other.client, other.tables['4']!);
    expect(stolen.response.status).toBe(404);
    const [row] = await server.database.withTenant(r.businessId, (tx) => tx.select().from(kitchenTickets).where(eq(kitchenTickets.id, ticket.id)));
    expect(row).toMatchObject({ tableId: r.tables['2'], tableLabel: '2' });
    const socket = await TestSocket.open(server.url, r.client);
    await socket.join(realtimeTopic.business(r.businessId));
    const moved = await okApi(await move(r.client, r.tables['4']!), 200);
    await socket.waitFor((frame) => frame.payload?.payload?.ticket_id === ticket.id && frame.payload.payload.change === 'moved');
    socket.close();
    const board = await okApi(await r.client.api.GET('/api/kitchen/board'), 200);
    expect(board.tickets.find((row) => row.id === ticket.id)).toMatchObject({ table: '4', status: 'open' });
    expect(moved.ticket).toMatchObject({ table: '4', table_id: r.tables['4'], number: ticket.number });
    expect(moved.ticket.items).toHaveLength(2);
    expect((await stateOf('2')).state).toBe('free');
    expect((await stateOf('4')).ticket?.id).toBe(ticket.id);
    const audits = await server.database.withTenant(r.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'kitchen.ticket_moved')));
    expect(audits.some((audit) => (audit.details as { ticket_id?: string }).ticket_id === ticket.id)).toBe(true);
    // Free the tables for the next test.
    for (const open of [ticket, blocker]) {
      await server.database.withTenant(r.businessId, (tx) => tx.update(kitchenTickets).set({ status: 'cancelled' }).where(eq(kitchenTickets.id, open.id)));
    }
  });
});

describe('split bills', () => {
  const partBody = (ticketId: string, partId: string, amount: number, lines: Checkout['lines']): Checkout => ({
    idempotency_key: randomUUID(),
    lines,
    payments: [{ method: 'card', amount }],
    expected_total: amount,
    kitchen_ticket_id: ticketId,
    kitchen_bill_part_id: partId,
  });

  it('refuses bad splits with 400 and nothing written', async () => {
    const ticket = (await okApi(await sendTicket(r.client, dineIn(r, '2')), 201)).ticket;
    const [steak, salad] = [ticket.items[0]!, ticket.items[1]!];
    for (const parts of [
      [[{ item_id: steak.id, quantity: 2 }, { item_id: salad.id, quantity: 1 }]],
      [[{ item_id: steak.id, quantity: 2 }], [{ item_id: salad.id, quantity: 2 }]],
      [[{ item_id: steak.id, quantity: 1 }], [{ item_id: salad.id, quantity: 1 }]],
      [[{ item_id: steak.id, quantity: 2 }], [{ item_id: randomUUID(), quantity: 1 }]],
    ]) {
      const res = await r.client.api.POST('/api/kitchen/tickets/{id}/split', { ...ticketPath(ticket.id), body: { mode: 'items', parts } });
      expect(res.response.status).toBe(400);
    }
    // bad input: the contract knows no 'evenly' mode
    expect((await r.client.raw('POST', `/api/kitchen/tickets/${ticket.id}/split`, { mode: 'evenly', parts: 2 })).status).toBe(400);
    const rows = await server.database.withTenant(r.businessId, (tx) => tx.select().from(kitchenBillParts).where(eq(kitchenBillParts.ticketId, ticket.id)));
    expect(rows).toHaveLength(0);
    await server.database.withTenant(r.businessId, (tx) => tx.update(kitchenTickets).set({ status: 'cancelled' }).where(eq(kitchenTickets.id, ticket.id)));
  });

  it('two tills paying one part: only one wins; the ticket closes after the last part and the table turns free', async () => {
    const ticket = (await okApi(await sendTicket(r.client, dineIn(r, '2')), 201)).ticket;
    const split = await okApi(await r.client.api.POST('/api/kitchen/tickets/{id}/split', { ...ticketPath(ticket.id), body: { mode: 'seats' } }), 200);
    const [seat1, seat2] = [split.ticket.bill_parts[0]!, split.ticket.bill_parts[1]!];
    expect(split.ticket.bill_parts.map((part) => [part.label, part.status])).toEqual([
      ['Seat 1', 'open'],
      ['Seat 2', 'open'],
    ]);
    // The whole ticket is no longer paid in one go, nor changed, while split.
    const whole = await checkout(r.client, { ...partBody(ticket.id, seat1.id, 2 * r.steak.price, [{ product_id: r.steak.id, quantity: 2 }]), kitchen_bill_part_id: undefined });
    expect(whole.error?.error.code).toBe('kitchen_ticket_split');
    expect((await r.client.api.POST('/api/kitchen/tickets/{id}/items', { ...ticketPath(ticket.id), body: { items: [{ product_id: r.salad.id, quantity: 1 }] } })).response.status).toBe(409);

    const steaks = [{ product_id: r.steak.id, quantity: 2 }];
    const tillA = partBody(ticket.id, seat1.id, 2 * r.steak.price, steaks);
    const tillB = partBody(ticket.id, seat1.id, 2 * r.steak.price, steaks);
    const [a, b] = await Promise.all([checkout(r.client, tillA), checkout(r.client, tillB)]);
    expect([a.response.status, b.response.status].sort()).toEqual([201, 409]);
    const loser = a.response.status === 409 ? a : b;
    expect(['kitchen_part_being_paid', 'kitchen_part_paid']).toContain(loser.error?.error.code);
    const winnerBody = a.response.status === 201 ? tillA : tillB;
    const first = (a.response.status === 201 ? a : b).data!;
    const replay = await okApi(await checkout(r.client, winnerBody), 200);
    expect(replay.order.id).toBe(first.order.id);
    expect((await stateOf('2')).state).toBe('paying');
    let stored = (await okApi(await r.client.api.GET('/api/kitchen/tickets/{id}', ticketPath(ticket.id)), 200)).ticket;
    expect(stored.status).toBe('open');
    expect(stored.bill_parts.map((part) => part.status)).toEqual(['paid', 'open']);
    expect((await r.client.api.DELETE('/api/kitchen/tickets/{id}/split', ticketPath(ticket.id))).response.status).toBe(409);

    const last = await okApi(await checkout(r.client, partBody(ticket.id, seat2.id, r.salad.price, [{ product_id: r.salad.id, quantity: 1 }])), 201);
    stored = (await okApi(await r.client.api.GET('/api/kitchen/tickets/{id}', ticketPath(ticket.id)), 200)).ticket;
    expect(stored).toMatchObject({ status: 'paid', order_id: last.order.id });
    expect((await stateOf('2')).state).toBe('free');
    const again = await checkout(r.client, partBody(ticket.id, seat2.id, r.salad.price, [{ product_id: r.salad.id, quantity: 1 }]));
    expect(again.error?.error.code).toBe('kitchen_part_paid');
    const sales = await server.database.withTenant(r.businessId, (tx) => tx.select().from(orders).where(eq(orders.businessId, r.businessId)));
    expect(sales.filter((sale) => [first.order.id, last.order.id].includes(sale.id))).toHaveLength(2);
  });

  it('splits by items, a line shared between guests; another business cannot pay a part', async () => {
    const ticket = (await okApi(await sendTicket(r.client, dineIn(r, '3')), 201)).ticket;
    const [steak, salad] = [ticket.items[0]!, ticket.items[1]!];
    const split = await okApi(
      await r.client.api.POST('/api/kitchen/tickets/{id}/split', {
        ...ticketPath(ticket.id),
        body: {
          mode: 'items',
          parts: [
            [{ item_id: steak.id, quantity: 1 }],
            [
              { item_id: steak.id, quantity: 1 },
              { item_id: salad.id, quantity: 1 },
            ],
          ],
        },
      }),
      200,
    );
    expect(split.ticket.bill_parts.map((part) => part.label)).toEqual(['Guest 1', 'Guest 2']);
    const stolen = await checkout(other.client, {
      ...partBody(ticket.id, split.ticket.bill_parts[0]!.id, other.steak.price, [{ product_id: other.steak.id, quantity: 1 }]),
    });
    expect(stolen.response.status).toBe(404);
    const wrongPart = await checkout(r.client, partBody(ticket.id, randomUUID(), r.steak.price, [{ product_id: r.steak.id, quantity: 1 }]));
    expect(wrongPart.response.status).toBe(404);
    const undone = await okApi(await r.client.api.DELETE('/api/kitchen/tickets/{id}/split', ticketPath(ticket.id)), 200);
    expect(undone.ticket.bill_parts).toEqual([]);
  });
});
