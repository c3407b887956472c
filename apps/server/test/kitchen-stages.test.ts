import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, kitchenStageLists, products } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

/** Configurable kitchen stages (issue 16 item 3, decision 036). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
  const body: ApiBody<'/api/kitchen/tickets', 'post'> = { idempotency_key: randomUUID(), order_type: 'takeaway', items: [{ product_id: k.steak.id, quantity: 1 }, { product_id: k.salad.id, quantity: 1 }] };
  return (await okApi(await k.client.api.POST('/api/kitchen/tickets', { body }), 201)).ticket;
}

type StageList = ApiBody<'/api/kitchen/stages', 'put'>;
const putStages = (k: Kitchen, body: StageList, headers: Record<string, string> = {}) => k.client.api.PUT('/api/kitchen/stages', { body, headers });
const bump = (k: Kitchen, id: string, from: string) => k.client.api.POST('/api/kitchen/tickets/{id}/bump', { params: { path: { id } }, body: { from } });
const recall = (k: Kitchen, id: string, from: string) => k.client.api.POST('/api/kitchen/tickets/{id}/recall', { params: { path: { id } }, body: { from } });

const plating: StageList = { stages: ['New', 'Cooking', 'Plating', 'Ready', 'Served'], ready_index: 3 };
const storedList = (k: Kitchen) => server.database.withTenant(k.businessId, (tx) => tx.select().from(kitchenStageLists).where(eq(kitchenStageLists.businessId, k.businessId)));

describe('the stage list', () => {
  it("is today's four until the business names its own; a ticket's stage names follow it", async () => {
    const k = await restaurant('Four Stages');
    expect((await okApi(await k.client.api.GET('/api/kitchen/stages'), 200)).stage_list).toEqual({ stages: ['New', 'Cooking', 'Ready', 'Served'], ready_index: 2 });
    const ticket = await send(k);
    expect([ticket.stage, ticket.stage_name, ticket.items[0]!.stage_name]).toEqual(['new', 'New', 'New']);
    const board = await okApi(await k.client.api.GET('/api/kitchen/board'), 200);
    expect(board.stage_list.stages).toEqual(['New', 'Cooking', 'Ready', 'Served']);
  });

  it('SPEC §6: only settings may change it (a manager and a cook get 403, nothing stored); a cook may read it', async () => {
    const k = await restaurant('Gate Stages');
    const staff = await staffOfEveryRole(server, k);
    for (const role of ['manager', 'kitchen', 'cashier'] as const) {
      const res = await putStages(k, plating, as(staff.tokens[role]!));
      expect(res.response.status, role).toBe(403);
    }
    expect(await storedList(k)).toEqual([]);
    expect((await k.client.api.GET('/api/kitchen/stages', { headers: as(staff.tokens.kitchen!) })).response.status).toBe(200);
    await okApi(await putStages(k, plating), 200);
    expect((await storedList(k))[0]).toMatchObject({ stages: plating.stages, readyIndex: plating.ready_index });
  });

  it.each<[string, StageList]>([
    ['a repeated name', { stages: ['New', 'new', 'Served'], ready_index: 1 }],
    ['ready at the served end', { stages: ['New', 'Cooking', 'Served'], ready_index: 2 }],
    ['an empty name', { stages: ['New', ' ', 'Served'], ready_index: 0 }],
  ])('refuses %s with 400 validation_error and keeps the list', async (_label, body) => {
    const k = await restaurant(`Bad ${_label}`);
    const res = await putStages(k, body);
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('validation_error');
    expect(await storedList(k)).toEqual([]);
  });

  // Bad input the contract refuses (2–6 stages, no unknown fields): untyped on purpose.
  it.each([
    ['one stage', { stages: ['Served'], ready_index: 0 }],
    ['seven stages', { stages: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], ready_index: 1 }],
    ['an unknown field', { ...plating, colour: 'red' }],
  ])('refuses %s with 400 validation_error and keeps the list', async (_label, body) => {
    const k = await restaurant(`Bad ${_label}`);
    const res = await k.client.raw('PUT', '/api/kitchen/stages', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(await storedList(k)).toEqual([]);
  });
});

describe('bumping through a five-stage list', () => {
  it('goes New → Cooking → Plating → Ready → Served; a stale screen and the served end are refused', async () => {
    const k = await restaurant('Plating Bistro');
    await okApi(await putStages(k, plating), 200);
    const ticket = await send(k);
    const seen: string[][] = [[ticket.stage, ticket.stage_name]];
    let from = ticket.stage_name;
    for (let step = 0; step < 4; step += 1) {
      const moved = (await okApi(await bump(k, ticket.id, from), 200)).ticket;
      seen.push([moved.stage, moved.stage_name]);
      expect(moved.items.every((item) => item.stage_name === moved.stage_name)).toBe(true);
      from = moved.stage_name;
    }
    expect(seen).toEqual([
      ['new', 'New'],
      ['cooking', 'Cooking'],
      ['cooking', 'Plating'],
      ['ready', 'Ready'],
      ['served', 'Served'],
    ]);
    const end = await bump(k, ticket.id, 'Served');
    expect([end.response.status, end.error?.error.code]).toEqual([409, 'illegal_transition']);
    const stale = await bump(k, ticket.id, 'Plating');
    expect([stale.response.status, stale.error?.error.code]).toEqual([409, 'illegal_transition']);
    const unknown = await recall(k, ticket.id, 'Grill');
    expect(unknown.response.status).toBe(409);
    const back = (await okApi(await recall(k, ticket.id, 'Served'), 200)).ticket;
    expect([back.stage, back.stage_name]).toEqual(['ready', 'Ready']);
  });

  it("item done jumps one dish to the list's ready stage", async () => {
    const k = await restaurant('Done Bistro');
    await okApi(await putStages(k, plating), 200);
    const ticket = await send(k);
    const markDone = () => k.client.api.POST('/api/kitchen/tickets/{id}/items/{itemId}/done', { params: { path: { id: ticket.id, itemId: ticket.items[0]!.id } } });
    const done = (await okApi(await markDone(), 200)).ticket;
    expect(done.items.map((item) => [item.stage, item.stage_name])).toEqual([
      ['ready', 'Ready'],
      ['new', 'New'],
    ]);
    expect(done.stage_name).toBe('New');
    expect((await markDone()).response.status).toBe(409);
  });
});

describe('changing the list while tickets are open', () => {
  it('keeps a stage of the same name, else the position (never serving a dish), and audits the change', async () => {
    const k = await restaurant('Remap Bistro');
    await okApi(await putStages(k, plating), 200);
    const ticket = await send(k);
    await okApi(await bump(k, ticket.id, 'New'), 200);
    await okApi(await bump(k, ticket.id, 'Cooking'), 200);
    const other = await send(k);
    await okApi(await bump(k, other.id, 'New'), 200);

    await okApi(await putStages(k, { stages: ['New', 'Cooking', 'Done', 'Gone'], ready_index: 2 }), 200);
    const open = (await okApi(await k.client.api.GET('/api/kitchen/tickets'), 200)).tickets;
    const plated = open.find((row) => row.id === ticket.id);
    const cooking = open.find((row) => row.id === other.id);
    expect([plated?.stage, plated?.stage_name]).toEqual(['ready', 'Done']);
    expect([cooking?.stage, cooking?.stage_name]).toEqual(['cooking', 'Cooking']);
    const next = (await okApi(await bump(k, ticket.id, 'Done'), 200)).ticket;
    expect([next.stage, next.stage_name, next.status]).toEqual(['served', 'Gone', 'open']);
    const audits = await server.database.withTenant(k.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.businessId, k.businessId)));
    expect(audits.filter((row) => row.action === 'kitchen.stages_changed')).toHaveLength(2);
  });
});
