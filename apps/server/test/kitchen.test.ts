import { randomUUID } from 'node:crypto';
import { realtimeTopic } from '@till/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, kitchenTickets, orders, products } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { pause, TestSocket } from './realtime-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Kitchen extends StaffBusiness {
  steak: { id: string; price: number };
  salad: { id: string; price: number };
  grill: { id: string };
  cold: { id: string };
}

/** A restaurant with the kitchen display on, a Grill (mains) and a Cold (salads) station. */
async function restaurant(name = 'Bistro'): Promise<Kitchen> {
  const shop = await staffBusiness(server, { businessName: name, features: { employee_management: true, kitchen_display: true } });
  const [steak, salad] = await seedProducts(server, shop.businessId, [
    { name: 'Steak', price: 2400 },
    { name: 'Salad', price: 900 },
  ]);
  const [mains, salads] = await server.database.withTenant(shop.businessId, async (tx) => {
    const rows = await tx.insert(categories).values([{ businessId: shop.businessId, name: 'Mains' }, { businessId: shop.businessId, name: 'Salads' }]).returning();
    await tx.update(products).set({ categoryId: rows[0]!.id }).where(eq(products.id, steak!.id));
    await tx.update(products).set({ categoryId: rows[1]!.id }).where(eq(products.id, salad!.id));
    return rows;
  });
  const grill = (
    await okApi(await shop.client.api.POST('/api/kitchen/stations', { body: { name: 'Grill', category_ids: [mains!.id], warn_after_seconds: 300, late_after_seconds: 600 } }), 201)
  ).station;
  const cold = (await okApi(await shop.client.api.POST('/api/kitchen/stations', { body: { name: 'Cold', category_ids: [salads!.id] } }), 201)).station;
  return { ...shop, steak: steak!, salad: salad!, grill, cold };
}

type NewTicket = ApiBody<'/api/kitchen/tickets', 'post'>;

const table4 = (k: Kitchen): NewTicket => ({
  idempotency_key: randomUUID(),
  order_type: 'dine_in',
  table: '4',
  guests: 2,
  items: [
    { product_id: k.steak.id, quantity: 2, note: 'one rare, one medium' },
    { product_id: k.salad.id, quantity: 1 },
  ],
});

async function send(client: ApiClient, body: NewTicket, headers: Record<string, string> = {}) {
  return (await okApi(await client.api.POST('/api/kitchen/tickets', { body, headers }), 201)).ticket;
}

let k: Kitchen;
beforeAll(async () => {
  k = await restaurant();
});

describe('sending to the kitchen', () => {
  it('stores a numbered ticket with its items, before payment; a retry returns it', async () => {
    const body = table4(k);
    const ticket = await send(k.client, body);
    expect(ticket).toMatchObject({ order_type: 'dine_in', table: '4', guests: 2, stage: 'new', status: 'open', order_id: null });
    expect(ticket.number).toBeGreaterThanOrEqual(1);
    expect(ticket.items.map((item) => [item.name, item.quantity, item.note, item.stage, item.round])).toEqual([
      ['Steak', 2, 'one rare, one medium', 'new', 1],
      ['Salad', 1, null, 'new', 1],
    ]);
    const again = await okApi(await k.client.api.POST('/api/kitchen/tickets', { body }), 200);
    expect(again.ticket.id).toBe(ticket.id);
    const next = await send(k.client, { ...table4(k), order_type: 'takeaway', table: null });
    expect(next.number).toBe(ticket.number + 1);
  });

  it('adds later rounds to the same open ticket and fires a held course', async () => {
    const ticket = await send(k.client, table4(k));
    const round = (
      await okApi(
        await k.client.api.POST('/api/kitchen/tickets/{id}/items', { params: { path: { id: ticket.id } }, body: { items: [{ product_id: k.steak.id, quantity: 1, hold: true }] } }),
        200,
      )
    ).ticket;
    expect(round.items).toHaveLength(3);
    expect(round.items[2]).toMatchObject({ round: 2, held: true, stage: 'new' });
    const fire = () => k.client.api.POST('/api/kitchen/tickets/{id}/fire', { params: { path: { id: ticket.id } } });
    const fired = (await okApi(await fire(), 200)).ticket;
    expect(fired.items[2]!.held).toBe(false);
    expect((await fire()).error?.error.code).toBe('kitchen_nothing_held');
  });

  it('keeps a voided or changed item on the ticket, marked, and audits it', async () => {
    const ticket = await send(k.client, table4(k));
    const [steak, salad] = ticket.items;
    const patchItem = (itemId: string, body: ApiBody<'/api/kitchen/tickets/{id}/items/{itemId}', 'patch'>) =>
      k.client.api.PATCH('/api/kitchen/tickets/{id}/items/{itemId}', { params: { path: { id: ticket.id, itemId } }, body });
    const changed = (await okApi(await patchItem(steak!.id, { quantity: 3, note: 'all rare' }), 200)).ticket;
    expect(changed.items[0]).toMatchObject({ quantity: 3, note: 'all rare', changed_from: { quantity: 2, note: 'one rare, one medium' }, voided: false });
    const voided = (await okApi(await patchItem(salad!.id, { void: true }), 200)).ticket;
    expect(voided.items).toHaveLength(2);
    expect(voided.items[1]).toMatchObject({ name: 'Salad', voided: true });
    expect((await patchItem(salad!.id, { void: true })).response.status).toBe(409);
    const audits = await server.database.withTenant(k.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.businessId, k.businessId)));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['kitchen.item_changed', 'kitchen.item_voided']));
  });

  it('refuses bad input with 4xx', async () => {
    // Bad input the contract refuses (a missing field, an unknown order type, no items, a zero
    // quantity, a product id that is no UUID, negative guests, an unknown field): untyped on purpose.
    const untyped = [
      {},
      { ...table4(k), order_type: 'pickup' },
      { ...table4(k), items: [] },
      { ...table4(k), items: [{ product_id: k.steak.id, quantity: 0 }] },
      { ...table4(k), items: [{ product_id: 'steak', quantity: 1 }] },
      { ...table4(k), guests: -1 },
      { ...table4(k), extra: true },
    ];
    for (const body of untyped) expect((await k.client.raw('POST', '/api/kitchen/tickets', body)).status).toBe(400);
    // A table-service ticket without its table fits the contract; the server refuses it.
    expect((await k.client.api.POST('/api/kitchen/tickets', { body: { ...table4(k), table: null } })).response.status).toBe(400);
    const unknown = await k.client.api.POST('/api/kitchen/tickets', { body: { ...table4(k), items: [{ product_id: randomUUID(), quantity: 1 }] } });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.error.code).toBe('product_not_found');
    expect((await k.client.api.POST('/api/kitchen/tickets/{id}/bump', { params: { path: { id: randomUUID() } }, body: { from: 'new' } })).response.status).toBe(404);
    // Bad path parameter: the contract takes only a UUID as the ticket id.
    expect((await k.client.raw('POST', `/api/kitchen/tickets/not-an-id/bump`, { from: 'new' })).status).toBe(400);
    expect((await k.client.api.POST('/api/kitchen/stations', { body: { name: 'Pass', category_ids: [randomUUID()] } })).response.status).toBe(422);
    expect((await k.client.api.POST('/api/kitchen/stations', { body: { name: 'Grill' } })).response.status).toBe(409);
  });
});

describe('the display', () => {
  it('bumps New → Cooking → Ready → Served, refuses an illegal or stale bump with 409, recalls', async () => {
    const ticket = await send(k.client, table4(k));
    const bump = (from: string, stationId?: string) =>
      k.client.api.POST('/api/kitchen/tickets/{id}/bump', { params: { path: { id: ticket.id } }, body: { from, ...(stationId ? { station_id: stationId } : {}) } });
    // The grill bumps its steaks; the ticket stays New until the salad moves too.
    const grillCooking = (await okApi(await bump('new', k.grill.id), 200)).ticket;
    expect(grillCooking.items.map((item) => item.stage)).toEqual(['cooking', 'new']);
    expect(grillCooking.stage).toBe('new');
    expect((await bump('cooking')).response.status).toBe(409);
    expect((await okApi(await bump('new'), 200)).ticket.stage).toBe('cooking');
    const stale = await bump('new');
    expect(stale.response.status).toBe(409);
    expect(stale.error?.error.code).toBe('illegal_transition');
    expect((await okApi(await bump('cooking'), 200)).ticket.stage).toBe('ready');
    expect((await okApi(await bump('ready'), 200)).ticket.stage).toBe('served');
    const fromServed = await bump('served');
    expect(fromServed.response.status).toBe(409);
    expect(fromServed.error?.error.code).toBe('illegal_transition');
    const recall = (from: string) => k.client.api.POST('/api/kitchen/tickets/{id}/recall', { params: { path: { id: ticket.id } }, body: { from } });
    const recalled = (await okApi(await recall('served'), 200)).ticket;
    expect(recalled.stage).toBe('ready');
    expect((await recall('new')).response.status).toBe(409);
  });

  it('marks one item done and lists the board with its stations', async () => {
    const ticket = await send(k.client, table4(k));
    const markDone = () =>
      k.client.api.POST('/api/kitchen/tickets/{id}/items/{itemId}/done', { params: { path: { id: ticket.id, itemId: ticket.items[1]!.id } } });
    const done = (await okApi(await markDone(), 200)).ticket;
    expect(done.items[1]!.stage).toBe('ready');
    expect((await markDone()).response.status).toBe(409);
    const board = await okApi(await k.client.api.GET('/api/kitchen/board'), 200);
    expect(board.stations.map((station) => station.name)).toEqual(['Cold', 'Grill']);
    expect(board.tickets.some((row) => row.id === ticket.id)).toBe(true);
  });

  it('SPEC §6: a cashier sends but may not bump; a cook bumps but may not send; the feature gate holds', async () => {
    const shop = await restaurant('Gate Bistro');
    const staff = await staffOfEveryRole(server, shop);
    const ticket = await send(shop.client, table4(shop), as(staff.tokens.cashier!));
    const bumpAs = (token: string) => shop.client.api.POST('/api/kitchen/tickets/{id}/bump', { params: { path: { id: ticket.id } }, body: { from: 'new' }, headers: as(token) });
    expect((await bumpAs(staff.tokens.cashier!)).response.status).toBe(403);
    expect((await shop.client.api.POST('/api/kitchen/tickets', { body: table4(shop), headers: as(staff.tokens.kitchen!) })).response.status).toBe(403);
    await okApi(await bumpAs(staff.tokens.kitchen!), 200);
    expect((await shop.client.api.GET('/api/kitchen/board', { headers: as(staff.tokens.kitchen!) })).response.status).toBe(200);
    expect((await shop.client.api.POST('/api/kitchen/stations', { body: { name: 'Bar' }, headers: as(staff.tokens.kitchen!) })).response.status).toBe(403);
    expect((await shop.client.api.POST('/api/kitchen/stations', { body: { name: 'Bar' }, headers: as(staff.tokens.manager!) })).response.status).toBe(403);
    await okApi(await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { kitchen_display: false } } }), 200);
    const off = await shop.client.api.POST('/api/kitchen/tickets', { body: table4(shop) });
    expect(off.response.status).toBe(403);
    expect(off.error?.error.code).toBe('feature_disabled');
  });
});

describe('another business', () => {
  it("cannot see or move this business's tickets or stations", async () => {
    const other = await restaurant('Other Bistro');
    const ticket = await send(k.client, table4(k));
    const theirs = { params: { path: { id: ticket.id } } };
    expect((await other.client.api.GET('/api/kitchen/tickets/{id}', theirs)).response.status).toBe(404);
    expect((await other.client.api.POST('/api/kitchen/tickets/{id}/bump', { ...theirs, body: { from: 'new' } })).response.status).toBe(404);
    expect((await other.client.api.POST('/api/kitchen/tickets/{id}/items', { ...theirs, body: { items: [{ product_id: other.steak.id, quantity: 1 }] } })).response.status).toBe(404);
    const grill = { params: { path: { id: k.grill.id } } };
    expect((await other.client.api.PUT('/api/kitchen/stations/{id}', { ...grill, body: { name: 'Mine' } })).response.status).toBe(404);
    expect((await other.client.api.DELETE('/api/kitchen/stations/{id}', grill)).response.status).toBe(404);
    // Its own ticket may not name this business's station either.
    const own = await send(other.client, table4(other));
    expect(
      (await other.client.api.POST('/api/kitchen/tickets/{id}/bump', { params: { path: { id: own.id } }, body: { from: 'new', station_id: k.grill.id } })).response.status,
    ).toBe(404);
    // Nor this business's products.
    expect((await other.client.api.POST('/api/kitchen/tickets', { body: { ...table4(other), items: [{ product_id: k.steak.id, quantity: 1 }] } })).response.status).toBe(422);
    expect((await okApi(await other.client.api.GET('/api/kitchen/tickets'), 200)).tickets.some((row) => row.id === ticket.id)).toBe(false);
  });

  it("a socket of business A never receives B's kitchen events", async () => {
    const b = await restaurant('B Bistro');
    const socketA = await TestSocket.open(server.url, k.client);
    const socketB = await TestSocket.open(server.url, b.client);
    expect((await socketA.join(realtimeTopic.business(k.businessId))).status).toBe('ok');
    expect((await socketA.join(realtimeTopic.station(b.grill.id))).status).toBe('ok'); // B's id: an empty room of A's business
    expect((await socketA.join(realtimeTopic.station(k.grill.id))).status).toBe('ok');
    expect((await socketB.join(realtimeTopic.business(b.businessId))).status).toBe('ok');
    expect((await socketB.join(realtimeTopic.station(b.grill.id))).status).toBe('ok');

    const ticketB = await send(b.client, table4(b));
    await socketB.waitFor((frame) => frame.event === 'broadcast' && frame.topic === realtimeTopic.station(b.grill.id) && frame.payload.payload.ticket_id === ticketB.id);
    const ticketA = await send(k.client, table4(k));
    const grillA = await socketA.waitFor((frame) => frame.event === 'broadcast' && frame.topic === realtimeTopic.station(k.grill.id));
    expect(grillA.payload).toMatchObject({ type: 'broadcast', event: 'kitchen.ticket', payload: { ticket_id: ticketA.id, change: 'sent', stage: 'new' } });
    await pause(200);
    expect(socketA.frames.some((frame) => JSON.stringify(frame).includes(ticketB.id))).toBe(false);
    expect(socketB.frames.some((frame) => JSON.stringify(frame).includes(ticketA.id))).toBe(false);
    // A ticket with only a salad reaches the cold station, not the grill.
    const saladOnly = await send(b.client, { ...table4(b), items: [{ product_id: b.salad.id, quantity: 1 }] });
    await socketB.waitFor((frame) => frame.topic === realtimeTopic.business(b.businessId) && frame.payload?.payload?.ticket_id === saladOnly.id);
    await pause(100);
    expect(socketB.events(realtimeTopic.station(b.grill.id), 'broadcast').some((frame) => frame.payload.payload.ticket_id === saladOnly.id)).toBe(false);
    socketA.close();
    socketB.close();
  });
});

describe('paying a ticket at the till', () => {
  it('makes one sale through the idempotent checkout, links it, and refuses a second payment', async () => {
    const ticket = await send(k.client, table4(k));
    const socket = await TestSocket.open(server.url, k.client);
    await socket.join(realtimeTopic.business(k.businessId));
    const total = 2 * k.steak.price + k.salad.price;
    const body: ApiBody<'/api/checkout', 'post'> = {
      idempotency_key: randomUUID(),
      lines: [
        { product_id: k.steak.id, quantity: 2, note: 'one rare, one medium' },
        { product_id: k.salad.id, quantity: 1 },
      ],
      payments: [{ method: 'card', amount: total }],
      expected_total: total,
      kitchen_ticket_id: ticket.id,
    };
    const paid = await okApi(await k.client.api.POST('/api/checkout', { body }), 201);
    const replay = await okApi(await k.client.api.POST('/api/checkout', { body }), 200);
    expect(replay.order.id).toBe(paid.order.id);
    const again = await k.client.api.POST('/api/checkout', { body: { ...body, idempotency_key: randomUUID() } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('kitchen_ticket_paid');
    const stored = await okApi(await k.client.api.GET('/api/kitchen/tickets/{id}', { params: { path: { id: ticket.id } } }), 200);
    expect(stored.ticket).toMatchObject({ status: 'paid', order_id: paid.order.id });
    const sales = await server.database.withTenant(k.businessId, (tx) => tx.select().from(orders).where(and(eq(orders.businessId, k.businessId), eq(orders.id, paid.order.id))));
    expect(sales).toHaveLength(1);
    await socket.waitFor((frame) => frame.payload?.payload?.ticket_id === ticket.id && frame.payload.payload.change === 'paid');
    expect((await okApi(await k.client.api.GET('/api/kitchen/tickets'), 200)).tickets.some((row) => row.id === ticket.id)).toBe(false);
    expect(
      (await k.client.api.POST('/api/kitchen/tickets/{id}/items', { params: { path: { id: ticket.id } }, body: { items: [{ product_id: k.steak.id, quantity: 1 }] } })).response.status,
    ).toBe(409);
    socket.close();
  });

  it('a refused sale gives the ticket back; another business cannot pay it', async () => {
    const ticket = await send(k.client, table4(k));
    const refused = await k.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: k.steak.id, quantity: 2 }],
        payments: [{ method: 'card', amount: 1 }],
        expected_total: 1,
        kitchen_ticket_id: ticket.id,
      },
    });
    expect(refused.response.status).toBe(422);
    const [row] = await server.database.withTenant(k.businessId, (tx) => tx.select().from(kitchenTickets).where(eq(kitchenTickets.id, ticket.id)));
    expect(row).toMatchObject({ status: 'open', paymentKey: null });
    const other = await restaurant('Thief Bistro');
    const stolen = await other.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: other.steak.id, quantity: 1 }],
        payments: [{ method: 'card', amount: other.steak.price }],
        expected_total: other.steak.price,
        kitchen_ticket_id: ticket.id,
      },
    });
    expect(stolen.response.status).toBe(404);
  });
});
