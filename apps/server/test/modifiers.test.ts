import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kitchenTickets, orderLines, orders, products } from '../src/db/schema/index.ts';
import { okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

/** Decision 035: modifier groups on products, priced in core, re-priced by checkout and kept on tickets. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ModifierGroups = ApiBody<'/api/products/{id}/modifier-groups', 'put'>;
type CheckoutBody = ApiBody<'/api/checkout', 'post'>;
type CheckoutLine = CheckoutBody['lines'][number];

const putGroups = (client: StaffBusiness['client'], id: string, body: ModifierGroups, headers: Record<string, string> = {}) =>
  client.api.PUT('/api/products/{id}/modifier-groups', { params: { path: { id } }, body, headers });

const STEAK_GROUPS: ModifierGroups = {
  groups: [
    {
      name: 'Doneness',
      min_choices: 1,
      max_choices: 1,
      options: [
        { name: 'Rare', price_delta: 0 },
        { name: 'Medium', price_delta: 0 },
        { name: 'Well done', price_delta: 0 },
      ],
    },
    {
      name: 'Extras',
      min_choices: 0,
      max_choices: 2,
      options: [
        { name: 'Extra cheese', price_delta: 100 },
        { name: 'Bacon', price_delta: 250 },
        { name: 'Peppercorn sauce', price_delta: 150 },
      ],
    },
  ],
};

interface Restaurant extends StaffBusiness {
  steak: { id: string; price: number };
  burger: { id: string; price: number };
  /** Option ids by name. */
  option: Record<string, string>;
  burgerOption: Record<string, string>;
}

async function restaurant(name: string): Promise<Restaurant> {
  const shop = await staffBusiness(server, { businessName: name, features: { employee_management: true, kitchen_display: true, inventory_management: true } });
  const [steak, burger] = await seedProducts(server, shop.businessId, [
    { name: 'Steak', price: 2400, taxBasisPoints: 1000 },
    { name: 'Burger', price: 1200, taxBasisPoints: 1000 },
  ]);
  const saved = (await okApi(await putGroups(shop.client, steak!.id, STEAK_GROUPS), 200)).product;
  const burgerSaved = (
    await okApi(
      await putGroups(shop.client, burger!.id, {
        groups: [{ name: 'Extras', min_choices: 0, max_choices: 3, options: [{ name: 'Extra cheese', price_delta: 80 }, { name: 'No bun', price_delta: -50 }] }],
      }),
      200,
    )
  ).product;
  const byName = (groups: ModifierGroups['groups']) => Object.fromEntries(groups.flatMap((group) => group.options.map((option) => [option.name, option.id!])));
  return { ...shop, steak: steak!, burger: burger!, option: byName(saved.modifier_groups), burgerOption: byName(burgerSaved.modifier_groups) };
}

let r: Restaurant;
beforeAll(async () => {
  r = await restaurant('Modifier Bistro');
});

const countOf = async (businessId: string, table: typeof orders | typeof kitchenTickets) =>
  (await server.database.withTenant(businessId, (tx) => tx.select({ n: count() }).from(table).where(eq(table.businessId, businessId))))[0]!.n;

describe('managing modifier groups', () => {
  it('stores groups with ids and deltas, shows them to the till, and keeps ids on a re-save', async () => {
    const pos = await okApi(await r.client.api.GET('/api/pos/products', { params: { query: { limit: 50 } } }), 200);
    const steak = pos.products.find((product) => product.id === r.steak.id)!;
    expect(steak.modifier_groups.map((group) => [group.name, group.min_choices, group.max_choices, group.options.length])).toEqual([
      ['Doneness', 1, 1, 3],
      ['Extras', 0, 2, 3],
    ]);
    expect(steak.modifier_groups[1]!.options[0]).toMatchObject({ name: 'Extra cheese', price_delta: 100 });
    const again = (await okApi(await putGroups(r.client, r.steak.id, { groups: steak.modifier_groups }), 200)).product;
    expect(again.modifier_groups).toEqual(steak.modifier_groups);
    const audits = await server.database.withTenant(r.businessId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.businessId, r.businessId), eq(auditLog.action, 'product.modifiers_changed'))),
    );
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('an option id of another product is not taken over: it gets a new id', async () => {
    const shop = await restaurant('Id Bistro');
    const body: ModifierGroups = { groups: [{ name: 'Sauce', min_choices: 0, max_choices: 1, options: [{ id: shop.option['Bacon'], name: 'Bacon', price_delta: 10 }] }] };
    const product = (await okApi(await putGroups(shop.client, shop.burger.id, body), 200)).product;
    expect(product.modifier_groups[0]!.options[0]!.id).not.toBe(shop.option['Bacon']);
  });

  it.each([
    ['min above max', { groups: [{ name: 'X', min_choices: 2, max_choices: 1, options: [{ name: 'a', price_delta: 0 }, { name: 'b', price_delta: 0 }] }] }],
    ['a fractional delta', { groups: [{ name: 'X', min_choices: 0, max_choices: 1, options: [{ name: 'a', price_delta: 0.5 }] }] }],
    ['no options', { groups: [{ name: 'X', min_choices: 0, max_choices: 1, options: [] }] }],
    ['not a list', { groups: 'Doneness' }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    // bad input: the table includes groups that are not a list, which the contract cannot express, so untyped
    const res = await r.client.raw('PUT', `/api/products/${r.burger.id}/modifier-groups`, body);
    expect(res.status).toBe(400);
    const [row] = await server.database.withTenant(r.businessId, (tx) => tx.select().from(products).where(eq(products.id, r.burger.id)));
    expect(row!.modifierGroups.map((group) => group.name)).toEqual(['Extras']);
  });

  it('SPEC §3/§6: needs can_edit_product_details and can_change_prices; another business gets 404', async () => {
    const shop = await restaurant('Gate Bistro');
    const staff = await staffOfEveryRole(server, shop);
    const editOnly = await addEmployee(shop.client, { full_name: 'Eve Editor', role: 'admin', admin_permissions: { can_edit_product_details: true }, pin: '900011' });
    const editOnlyToken = await pinSignIn(shop.client, editOnly.employee.id, '900011');
    const body: ModifierGroups = { groups: [{ name: 'Doneness', min_choices: 1, max_choices: 1, options: [{ name: 'Blue', price_delta: 0 }] }] };
    for (const [who, headers] of [
      ['cashier', as(staff.tokens.cashier!)],
      ['kitchen', as(staff.tokens.kitchen!)],
      ['admin without permissions', as(staff.tokens.adminNone!)],
      ['admin who may edit details but not prices', as(editOnlyToken)],
    ] as const) {
      const res = await putGroups(shop.client, shop.steak.id, body, headers);
      expect([who, res.response.status]).toEqual([who, 403]);
    }
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(products).where(eq(products.id, shop.steak.id)));
    expect(row!.modifierGroups.map((group) => group.name)).toEqual(['Doneness', 'Extras']);
    await okApi(await putGroups(shop.client, shop.steak.id, body, as(staff.tokens.adminAll!)), 200);
    expect((await putGroups(r.client, shop.steak.id, body)).response.status).toBe(404);
  });
});

const steakLine = (options: string[], extra: Partial<CheckoutLine> = {}): CheckoutLine => ({ product_id: r.steak.id, quantity: 1, modifier_option_ids: options, ...extra });

describe('checkout with modifiers', () => {
  it('re-prices on the server, keeps a snapshot on the lines, and a retry returns the first sale', async () => {
    // Steak medium + extra cheese (2400 + 100) and steak rare + bacon + sauce ×2 ((2400 + 400) × 2), 10 % tax on top.
    const lines = [steakLine([r.option['Medium']!, r.option['Extra cheese']!]), steakLine([r.option['Bacon']!, r.option['Rare']!, r.option['Peppercorn sauce']!], { quantity: 2 })];
    const net = 2500 + 5600;
    const total = net + Math.round(net / 10);
    const wrong: CheckoutBody = { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: 3 * 2640 }], expected_total: 3 * 2640 };
    const before = await countOf(r.businessId, orders);
    const mismatch = await r.client.api.POST('/api/checkout', { body: wrong });
    expect(mismatch.response.status).toBe(422);
    expect(mismatch.error?.error).toMatchObject({ code: 'total_mismatch', server_total: total });
    expect(await countOf(r.businessId, orders)).toBe(before);

    const body: CheckoutBody = { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: total }], expected_total: total };
    const paid = await okApi(await r.client.api.POST('/api/checkout', { body }), 201);
    expect(paid.order.total).toBe(total);
    expect(paid.lines.map((line) => [line.name, line.quantity, line.unit_price, line.modifiers.map((m) => `${m.group_name}: ${m.name} ${m.price_delta}`)])).toEqual([
      ['Steak', 1, 2500, ['Doneness: Medium 0', 'Extras: Extra cheese 100']],
      ['Steak', 2, 2800, ['Doneness: Rare 0', 'Extras: Bacon 250', 'Extras: Peppercorn sauce 150']],
    ]);

    // The catalogue changes: the sale does not.
    const current = (await okApi(await r.client.api.GET('/api/products/{id}', { params: { path: { id: r.steak.id } } }), 200)).product.modifier_groups;
    const renamed: ModifierGroups = {
      groups: current.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, name: `${option.name}!`, price_delta: option.price_delta + 1 })) })),
    };
    await okApi(await putGroups(r.client, r.steak.id, renamed), 200);
    const stored = await okApi(await r.client.api.GET('/api/orders/{id}', { params: { path: { id: paid.order.id } } }), 200);
    expect(stored.lines[0]!.modifiers.map((m) => m.name)).toEqual(['Medium', 'Extra cheese']);
    expect(stored.lines[0]!.unit_price).toBe(2500);

    // The retry returns the first sale, even though prices have moved since.
    const replay = await okApi(await r.client.api.POST('/api/checkout', { body }), 200);
    expect(replay.order.id).toBe(paid.order.id);
    expect(replay.order.total).toBe(total);
    await okApi(await putGroups(r.client, r.steak.id, { groups: current }), 200);
  });

  it('a negative delta lowers the price; discounts apply to the modified price', async () => {
    const lines: CheckoutLine[] = [{ product_id: r.burger.id, quantity: 2, modifier_option_ids: [r.burgerOption['No bun']!, r.burgerOption['Extra cheese']!], discount: { kind: 'percent', basis_points: 5000 } }];
    // (1200 − 50 + 80) × 2 = 2460, half off = 1230, + 10 % = 1353.
    const body: CheckoutBody = { idempotency_key: randomUUID(), lines, payments: [{ method: 'cash', amount: 1353 }], expected_total: 1353 };
    const paid = await okApi(await r.client.api.POST('/api/checkout', { body }), 201);
    expect(paid.lines[0]).toMatchObject({ unit_price: 1230, total: 1353 });
  });

  it('the same product with other modifiers is another line', async () => {
    const lines = [steakLine([r.option['Rare']!]), steakLine([r.option['Well done']!])];
    const body: CheckoutBody = { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: 5280 }], expected_total: 5280 };
    const paid = await okApi(await r.client.api.POST('/api/checkout', { body }), 201);
    expect(paid.lines.map((line) => line.modifiers[0]!.name)).toEqual(['Rare', 'Well done']);
  });

  it.each([
    ['a required group left out', () => [steakLine([r.option['Extra cheese']!])], 'modifier_required'],
    ['no choice at all for a required group', () => [{ product_id: r.steak.id, quantity: 1 }], 'modifier_required'],
    ['two of a choose-one group', () => [steakLine([r.option['Rare']!, r.option['Medium']!])], 'modifier_too_many'],
    ['three extras of at most two', () => [steakLine([r.option['Rare']!, r.option['Extra cheese']!, r.option['Bacon']!, r.option['Peppercorn sauce']!])], 'modifier_too_many'],
    ['an option of another product', () => [steakLine([r.option['Rare']!, r.burgerOption['Extra cheese']!])], 'modifier_unknown'],
    ['the same option twice', () => [steakLine([r.option['Rare']!, r.option['Bacon']!, r.option['Bacon']!])], 'modifier_duplicate'],
    ['an option on a product without groups', () => [{ product_id: plainId, quantity: 1, modifier_option_ids: [r.option['Rare']!] }], 'modifier_unknown'],
  ])('refuses %s with 422 and writes nothing', async (_name, lines, code) => {
    const before = await countOf(r.businessId, orders);
    const lineCount = (await server.database.withTenant(r.businessId, (tx) => tx.select({ n: count() }).from(orderLines)))[0]!.n;
    const res = await r.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: lines(), payments: [{ method: 'card', amount: 2640 }], expected_total: 2640 } });
    expect(res.response.status).toBe(422);
    expect(res.error?.error.code).toBe(code);
    expect(await countOf(r.businessId, orders)).toBe(before);
    expect((await server.database.withTenant(r.businessId, (tx) => tx.select({ n: count() }).from(orderLines)))[0]!.n).toBe(lineCount);
  });

  it("refuses another business's option", async () => {
    const other = await restaurant('Other Bistro');
    const res = await r.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [steakLine([r.option['Rare']!, other.option['Extra cheese']!])],
        payments: [{ method: 'card', amount: 2750 }],
        expected_total: 2750,
      },
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.error.code).toBe('modifier_unknown');
    // And its product, with its own options, is not for sale here.
    const theirs = await r.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: other.steak.id, quantity: 1, modifier_option_ids: [other.option['Rare']!] }],
        payments: [{ method: 'card', amount: 2640 }],
        expected_total: 2640,
      },
    });
    expect(theirs.response.status).toBe(422);
    expect(theirs.error?.error.code).toBe('product_unavailable');
  });

  it('parks a sale with its modifiers and refuses a bad choice when parking', async () => {
    const parked = await okApi(await r.client.api.POST('/api/orders/park', { body: { lines: [steakLine([r.option['Medium']!, r.option['Bacon']!])] } }), 201);
    const order = await okApi(await r.client.api.GET('/api/orders/{id}', { params: { path: { id: parked.id } } }), 200);
    expect(order.lines[0]).toMatchObject({ unit_price: 2650 });
    expect(order.lines[0]!.modifiers.map((m) => m.name)).toEqual(['Medium', 'Bacon']);
    const bad = await r.client.api.POST('/api/orders/park', { body: { lines: [steakLine([])] } });
    expect(bad.response.status).toBe(422);
    expect(bad.error?.error.code).toBe('modifier_required');
  });
});

let plainId = '';
beforeAll(async () => {
  const [plain] = await seedProducts(server, r.businessId, [{ name: 'Water', price: 200 }]);
  plainId = plain!.id;
});

describe('the kitchen', () => {
  type TicketBody = ApiBody<'/api/kitchen/tickets', 'post'>;
  const ticketBody = (items: TicketBody['items']): TicketBody => ({ idempotency_key: randomUUID(), order_type: 'dine_in', table: '7', guests: 2, items });

  it('keeps the modifiers on the sent item, shows a change of modifiers as a change, and pays with them', async () => {
    const sent = (
      await okApi(
        await r.client.api.POST('/api/kitchen/tickets', { body: ticketBody([{ product_id: r.steak.id, quantity: 1, modifier_option_ids: [r.option['Medium']!, r.option['Extra cheese']!] }]) }),
        201,
      )
    ).ticket;
    expect(sent.items[0]!.modifiers.map((m) => [m.group_name, m.name, m.price_delta])).toEqual([
      ['Doneness', 'Medium', 0],
      ['Extras', 'Extra cheese', 100],
    ]);
    const board = await okApi(await r.client.api.GET('/api/kitchen/board'), 200);
    const onBoard = board.tickets.find((ticket) => ticket.id === sent.id)!;
    expect(onBoard.items[0]!.modifiers.map((m) => m.name)).toEqual(['Medium', 'Extra cheese']);

    const item = { params: { path: { id: sent.id, itemId: sent.items[0]!.id } } };
    const changed = (await okApi(await r.client.api.PATCH('/api/kitchen/tickets/{id}/items/{itemId}', { ...item, body: { modifier_option_ids: [r.option['Rare']!, r.option['Extra cheese']!] } }), 200)).ticket;
    expect(changed.items[0]!.modifiers.map((m) => m.name)).toEqual(['Rare', 'Extra cheese']);
    expect(changed.items[0]!.changed_from).toMatchObject({ quantity: 1, note: null });
    expect(changed.items[0]!.changed_from!.modifiers!.map((m) => m.name)).toEqual(['Medium', 'Extra cheese']);
    const bad = await r.client.api.PATCH('/api/kitchen/tickets/{id}/items/{itemId}', { ...item, body: { modifier_option_ids: [r.option['Extra cheese']!] } });
    expect(bad.response.status).toBe(422);

    const total = 2500 + 250;
    const body: CheckoutBody = {
      idempotency_key: randomUUID(),
      lines: changed.items.map((line) => ({ product_id: line.product_id!, quantity: line.quantity, modifier_option_ids: line.modifiers.map((m) => m.option_id) })),
      payments: [{ method: 'card', amount: total }],
      expected_total: total,
      kitchen_ticket_id: sent.id,
    };
    const paid = await okApi(await r.client.api.POST('/api/checkout', { body }), 201);
    expect(paid.lines[0]!.modifiers.map((m) => m.name)).toEqual(['Rare', 'Extra cheese']);
    expect((await okApi(await r.client.api.POST('/api/checkout', { body }), 200)).order.id).toBe(paid.order.id);
    expect((await okApi(await r.client.api.GET('/api/kitchen/tickets/{id}', { params: { path: { id: sent.id } } }), 200)).ticket.status).toBe('paid');
  });

  it('refuses a bad choice with 422 and sends nothing', async () => {
    const before = await countOf(r.businessId, kitchenTickets);
    const res = await r.client.api.POST('/api/kitchen/tickets', { body: ticketBody([{ product_id: r.steak.id, quantity: 1, modifier_option_ids: [r.option['Bacon']!] }]) });
    expect(res.response.status).toBe(422);
    expect(res.error?.error.code).toBe('modifier_required');
    expect(await countOf(r.businessId, kitchenTickets)).toBe(before);
  });
});
