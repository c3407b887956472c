import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, kitchenStageLists, products } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

/** Configurable kitchen stages (issue 16 item 3, decision 036). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function ok(res: { status: number; body: any }, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

interface Kitchen extends StaffBusiness {
  steak: { id: string };
  salad: { id: string };
}

async function restaurant(name: string): Promise<Kitchen> {
  const shop = await staffBusiness(server, { businessName: name, features: { employee_management: true, kitchen_display: true } });
  const [steak, salad] = await seedProducts(server, shop.businessId, [
    { name: 'Steak', price: 2400 },
    { name: 'Salad', price: 900 },
  ]);
  await server.database.withTenant(shop.businessId, async (tx) => {
    const [mains] = await tx.insert(categories).values({ businessId: shop.businessId, name: 'Mains' }).returning();
    await tx.update(products).set({ categoryId: mains!.id }).where(eq(products.id, steak!.id));
  });
  return { ...shop, steak: steak!, salad: salad! };
}

async function send(k: Kitchen) {
  const body = { idempotency_key: randomUUID(), order_type: 'takeaway', items: [{ product_id: k.steak.id, quantity: 1 }, { product_id: k.salad.id, quantity: 1 }] };
  return (await ok(await k.client.post('/api/kitchen/tickets', body), 201)).ticket;
}

const plating = { stages: ['New', 'Cooking', 'Plating', 'Ready', 'Served'], ready_index: 3 };
const storedList = (k: Kitchen) => server.database.withTenant(k.businessId, (tx) => tx.select().from(kitchenStageLists).where(eq(kitchenStageLists.businessId, k.businessId)));

describe('the stage list', () => {
  it("is today's four until the business names its own; a ticket's stage names follow it", async () => {
    const k = await restaurant('Four Stages');
    expect((await ok(await k.client.get('/api/kitchen/stages'), 200)).stage_list).toEqual({ stages: ['New', 'Cooking', 'Ready', 'Served'], ready_index: 2 });
    const ticket = await send(k);
    expect([ticket.stage, ticket.stage_name, ticket.items[0].stage_name]).toEqual(['new', 'New', 'New']);
    const board = await ok(await k.client.get('/api/kitchen/board'), 200);
    expect(board.stage_list.stages).toEqual(['New', 'Cooking', 'Ready', 'Served']);
  });

  it('SPEC §6: only settings may change it (a manager and a cook get 403, nothing stored); a cook may read it', async () => {
    const k = await restaurant('Gate Stages');
    const staff = await staffOfEveryRole(server, k);
    for (const role of ['manager', 'kitchen', 'cashier'] as const) {
      const res = await k.client.request('PUT', '/api/kitchen/stages', plating, as(staff.tokens[role]!));
      expect(res.status, role).toBe(403);
    }
    expect(await storedList(k)).toEqual([]);
    expect((await k.client.request('GET', '/api/kitchen/stages', undefined, as(staff.tokens.kitchen!))).status).toBe(200);
    await ok(await k.client.request('PUT', '/api/kitchen/stages', plating), 200);
    expect((await storedList(k))[0]).toMatchObject({ stages: plating.stages, readyIndex: plating.ready_index });
  });

  it.each([
    ['one stage', { stages: ['Served'], ready_index: 0 }],
    ['seven stages', { stages: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], ready_index: 1 }],
    ['a repeated name', { stages: ['New', 'new', 'Served'], ready_index: 1 }],
    ['ready at the served end', { stages: ['New', 'Cooking', 'Served'], ready_index: 2 }],
    ['an empty name', { stages: ['New', ' ', 'Served'], ready_index: 0 }],
    ['an unknown field', { ...plating, colour: 'red' }],
  ])('refuses %s with 400 validation_error and keeps the list', async (_label, body) => {
    const k = await restaurant(`Bad ${_label}`);
    const res = await k.client.request('PUT', '/api/kitchen/stages', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(await storedList(k)).toEqual([]);
  });
});

describe('bumping through a five-stage list', () => {
  it('goes New → Cooking → Plating → Ready → Served; a stale screen and the served end are refused', async () => {
    const k = await restaurant('Plating Bistro');
    await ok(await k.client.request('PUT', '/api/kitchen/stages', plating), 200);
    const ticket = await send(k);
    const seen: string[][] = [[ticket.stage, ticket.stage_name]];
    let from = ticket.stage_name;
    for (let step = 0; step < 4; step += 1) {
      const moved = (await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from }), 200)).ticket;
      seen.push([moved.stage, moved.stage_name]);
      expect(moved.items.every((item: any) => item.stage_name === moved.stage_name)).toBe(true);
      from = moved.stage_name;
    }
    expect(seen).toEqual([
      ['new', 'New'],
      ['cooking', 'Cooking'],
      ['cooking', 'Plating'],
      ['ready', 'Ready'],
      ['served', 'Served'],
    ]);
    const end = await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from: 'Served' });
    expect([end.status, end.body.error.code]).toEqual([409, 'illegal_transition']);
    const stale = await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from: 'Plating' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'illegal_transition']);
    const unknown = await k.client.post(`/api/kitchen/tickets/${ticket.id}/recall`, { from: 'Grill' });
    expect(unknown.status).toBe(409);
    const back = (await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/recall`, { from: 'Served' }), 200)).ticket;
    expect([back.stage, back.stage_name]).toEqual(['ready', 'Ready']);
  });

  it("item done jumps one dish to the list's ready stage", async () => {
    const k = await restaurant('Done Bistro');
    await ok(await k.client.request('PUT', '/api/kitchen/stages', plating), 200);
    const ticket = await send(k);
    const done = (await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/items/${ticket.items[0].id}/done`), 200)).ticket;
    expect(done.items.map((item: any) => [item.stage, item.stage_name])).toEqual([
      ['ready', 'Ready'],
      ['new', 'New'],
    ]);
    expect(done.stage_name).toBe('New');
    expect((await k.client.post(`/api/kitchen/tickets/${ticket.id}/items/${ticket.items[0].id}/done`)).status).toBe(409);
  });
});

describe('changing the list while tickets are open', () => {
  it('keeps a stage of the same name, else the position (never serving a dish), and audits the change', async () => {
    const k = await restaurant('Remap Bistro');
    await ok(await k.client.request('PUT', '/api/kitchen/stages', plating), 200);
    const ticket = await send(k);
    await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from: 'New' }), 200);
    await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from: 'Cooking' }), 200);
    const other = await send(k);
    await ok(await k.client.post(`/api/kitchen/tickets/${other.id}/bump`, { from: 'New' }), 200);

    await ok(await k.client.request('PUT', '/api/kitchen/stages', { stages: ['New', 'Cooking', 'Done', 'Gone'], ready_index: 2 }), 200);
    const open = (await ok(await k.client.get('/api/kitchen/tickets'), 200)).tickets;
    const plated = open.find((row: any) => row.id === ticket.id);
    const cooking = open.find((row: any) => row.id === other.id);
    expect([plated.stage, plated.stage_name]).toEqual(['ready', 'Done']);
    expect([cooking.stage, cooking.stage_name]).toEqual(['cooking', 'Cooking']);
    const next = (await ok(await k.client.post(`/api/kitchen/tickets/${ticket.id}/bump`, { from: 'Done' }), 200)).ticket;
    expect([next.stage, next.stage_name, next.status]).toEqual(['served', 'Gone', 'open']);
    const audits = await server.database.withTenant(k.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.businessId, k.businessId)));
    expect(audits.filter((row) => row.action === 'kitchen.stages_changed')).toHaveLength(2);
  });
});
