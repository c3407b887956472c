import { randomUUID } from 'node:crypto';
import { realtimeTopic } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, okApi, signUpBusiness, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { TestSocket } from './realtime-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pairTill, staffBusiness, type StaffBusiness } from './staff-helpers.ts';
import { auditLog, orders, registerPairingCodes } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

/**
 * Paired till devices (issue 10 item 1; ARCHITECTURE "Credentials"): a till holds its own
 * revocable credential, never the owner's session, and every business request from it needs an
 * employee session opened on that till.
 */
let server: TestServer;
let shop: StaffBusiness;
let document: { paths: Record<string, Record<string, { 'x-access'?: { kind: string } }>> };

beforeAll(async () => {
  server = await startTestServer();
  // Without cash management: these tests are about who acts on a till, not its drawer (cash-sessions.test.ts).
  shop = await staffBusiness(server, { businessName: 'Till Shop', features: { employee_management: true, time_tracking: true, cash_management: false } });
  // not in the OpenAPI document: the document itself
  document = (await new ApiClient(server.url).raw('GET', '/api/openapi.json')).body;
}, 60_000);
afterAll(() => server?.close());

type PaymentMethod = ApiBody<'/api/checkout', 'post'>['payments'][number]['method'];

async function sell(client: ApiClient, productId: string, headers: Record<string, string> = {}, method: PaymentMethod = 'card') {
  const res = await client.api.POST('/api/checkout', {
    body: { idempotency_key: randomUUID(), lines: [{ product_id: productId, quantity: 1 }], payments: [{ method, amount: 300 }], expected_total: 300 },
    headers,
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.order.id;
}

async function signIn(till: ApiClient, employeeId: string, pin: string) {
  const res = await till.api.POST('/api/employee-sessions', { body: { employee_id: employeeId, pin } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.token;
}

/** The paired till's own register, as /api/me names it. */
async function tillOfMe(till: ApiClient) {
  return (await okApi(await till.api.GET('/api/me'), 200)).till!;
}

describe('pairing a till', () => {
  it('pairs a device with a one-time code from settings; the device holds only an HttpOnly till credential', async () => {
    const code = await shop.client.api.POST('/api/registers/pairing-codes');
    expect(code.response.status).toBe(201);
    const pairingCode = code.data!.code;
    expect(pairingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const device = shop.client.fresh();
    // Typed the way people type: lower case, no dash.
    const paired = await device.api.POST('/api/registers/pair', { body: { code: pairingCode.toLowerCase().replace('-', ''), name: 'Front counter' } });
    expect(paired.response.status).toBe(201);
    expect(paired.data!.register).toMatchObject({ name: 'Front counter' });
    const setCookie = paired.response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/till_register=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(device.hasSessionCookie()).toBe(false);
    expect(JSON.stringify(paired.data)).not.toContain(device.cookieHeader().split('=')[1]!.split('.')[1]!);

    const me = await device.api.GET('/api/me');
    expect(me.data).toMatchObject({ user: null, is_business_owner: false, till: { name: 'Front counter' }, business: { name: 'Till Shop' }, employee_session: null });

    // The code works once.
    const again = await shop.client.fresh().api.POST('/api/registers/pair', { body: { code: pairingCode, name: 'Back room' } });
    expect(again.response.status).toBe(400);
    expect(again.error?.error.code).toBe('invalid_pairing_code');

    const listed = await shop.client.api.GET('/api/registers');
    expect(listed.response.status).toBe(200);
    expect(listed.data!.registers.map((r) => r.name)).toContain('Front counter');
  });

  it('refuses an expired code and a made-up one alike', async () => {
    const code = await okApi(await shop.client.api.POST('/api/registers/pairing-codes'), 201);
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(registerPairingCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(registerPairingCodes.businessId, shop.businessId)),
    );
    const expired = await shop.client.fresh().api.POST('/api/registers/pair', { body: { code: code.code } });
    const madeUp = await shop.client.fresh().api.POST('/api/registers/pair', { body: { code: 'ABCD-EFGH' } });
    expect(expired.response.status).toBe(400);
    expect(madeUp.response.status).toBe(400);
    expect(expired.error).toEqual(madeUp.error);
  });

  it('gives a new code only to whoever may change settings: not a cashier or a manager', async () => {
    const till = await pairTill(shop.client, 'Settings check');
    const { employee: cashier } = await addEmployee(shop.client, { full_name: 'Cody Cashier', role: 'cashier', pin: '4101' });
    const { employee: manager } = await addEmployee(shop.client, { full_name: 'Mona Manager', role: 'manager', pin: '4102' });
    const { employee: admin } = await addEmployee(shop.client, {
      full_name: 'Ada Settings',
      role: 'admin',
      pin: '410300',
      admin_permissions: { can_change_settings: true },
    });
    for (const [person, pin] of [[cashier, '4101'], [manager, '4102']] as const) {
      const refused = await till.api.POST('/api/registers/pairing-codes', { headers: as(await signIn(till, person.id, pin)) });
      expect(refused.response.status).toBe(403);
    }
    const allowed = await till.api.POST('/api/registers/pairing-codes', { headers: as(await signIn(till, admin.id, '410300')) });
    expect(allowed.response.status).toBe(201);
  });

  it('limits pairing attempts per client address', async () => {
    const limited = await startTestServer();
    try {
      const owner = await staffBusiness(limited, { businessName: 'Guessed Shop' });
      const device = owner.client.fresh();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await device.api.POST('/api/registers/pair', { body: { code: `ZZZZ-ZZZ${(i % 7) + 2}` } })).response.status);
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Even the right code waits now: guessing is no faster for an address that also has one.
      const { code } = await okApi(await owner.client.api.POST('/api/registers/pairing-codes'), 201);
      expect((await device.api.POST('/api/registers/pair', { body: { code } })).response.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('"Open the till on this device" pairs the owner\'s browser and signs the account out of it', async () => {
    const owner = await staffBusiness(server, { businessName: 'Own Browser Shop' });
    const res = await owner.client.api.POST('/api/registers/pair-this-browser', { body: { name: 'Laptop till' } });
    expect(res.response.status).toBe(201);
    expect(owner.client.hasSessionCookie()).toBe(false);
    const me = await owner.client.api.GET('/api/me');
    expect(me.data).toMatchObject({ user: null, till: { name: 'Laptop till' } });
    // The owner acts here only through their own PIN now.
    expect((await owner.client.api.GET('/api/business-settings')).response.status).toBeGreaterThanOrEqual(400);
    expect((await owner.client.api.GET('/api/orders')).error?.error.code).toBe('employee_session_required');
  });
});

describe('a till acts only through an employee session opened on it', () => {
  it('refuses every business route with the till credential alone: 401 or 403, never the owner', async () => {
    const till = await pairTill(shop.client, 'Walk');
    const walked: string[] = [];
    const allowed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const kind = operation['x-access']?.kind;
        if (kind !== 'business' && kind !== 'account' && kind !== 'super-admin') continue;
        const concrete = path.replace(/\{[^}]+\}/g, randomUUID());
        // untyped on purpose: walks every route of the document with made-up ids and an empty body
        const res = await till.raw(method.toUpperCase(), concrete, ['get', 'delete'].includes(method) ? undefined : {});
        walked.push(`${method} ${path}`);
        if (res.status !== 401 && res.status !== 403 && res.status !== 400) allowed.push(`${method} ${path} → ${res.status}`);
        // 400 only for a missing account (account and super-admin routes): never for a business route.
        if (kind === 'business') expect([401, 403], `${method} ${path}`).toContain(res.status);
      }
    }
    expect(walked.length).toBeGreaterThan(60);
    expect(allowed).toEqual([]);
  });

  it('refuses a till that also holds the owner\'s account cookie: the account is not used on a till', async () => {
    const till = await pairTill(shop.client, 'Both cookies');
    const cookie = `${till.cookieHeader()}; ${shop.client.cookieHeader()}`;
    // A browser with no cookies of its own sends exactly this Cookie header.
    const res = await shop.client.fresh().api.GET('/api/orders', { headers: { cookie } });
    expect(res.response.status).toBe(401);
    expect(res.error?.error.code).toBe('employee_session_required');
  });

  it('the outside attack: a cashier refused a refund gets 401 without the header, not a refund as the owner', async () => {
    const till = await pairTill(shop.client, 'Attack');
    const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Attack Tea', price: 300 }]);
    const { employee: cashier } = await addEmployee(shop.client, { full_name: 'Cy Cashier', role: 'cashier', pin: '5201' });
    const token = await signIn(till, cashier.id, '5201');
    const orderId = await sell(till, tea!.id, as(token));
    const body: ApiBody<'/api/orders/{id}/refunds', 'post'> = { idempotency_key: randomUUID(), reason: 'x', method: 'cash' };
    const params = { path: { id: orderId } };
    const refused = await till.api.POST('/api/orders/{id}/refunds', { params, body, headers: as(token) });
    expect(refused.response.status).toBe(403);
    const withoutHeader = await till.api.POST('/api/orders/{id}/refunds', { params, body });
    expect(withoutHeader.response.status).toBe(401);
    expect(withoutHeader.error?.error.code).toBe('employee_session_required');
    // The sale names the till it was rung up on, and that till's store.
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(orders).where(eq(orders.id, orderId)));
    const registerId = (await tillOfMe(till)).id;
    expect(row).toMatchObject({ registerId, storeId: (await tillOfMe(till)).store_id });
    const order = await shop.client.api.GET('/api/orders/{id}', { params });
    expect(order.response.status).toBe(200);
    expect(order.data!.order.status).toBe('paid');
    expect(order.data!.refunds ?? []).toEqual([]);
  });

  it('a session opened on one till does not work on another, nor PIN sign-in on the owner\'s own browser', async () => {
    const first = await pairTill(shop.client, 'First');
    const second = await pairTill(shop.client, 'Second');
    const { employee } = await addEmployee(shop.client, { full_name: 'Tia Twotills', role: 'cashier', pin: '5301' });
    const token = await signIn(first, employee.id, '5301');
    expect((await first.api.GET('/api/employee-sessions/current', { headers: as(token) })).response.status).toBe(200);
    const elsewhere = await second.api.GET('/api/employee-sessions/current', { headers: as(token) });
    expect(elsewhere.response.status).toBe(401);
    expect((await okApi(await second.api.GET('/api/me', { headers: as(token) }), 200)).employee_session).toBeNull();

    const onOwnerBrowser = await shop.client.api.POST('/api/employee-sessions', { body: { employee_id: employee.id, pin: '5301' } });
    expect(onOwnerBrowser.response.status).toBe(403);
    expect(onOwnerBrowser.error?.error.code).toBe('till_not_paired');
    expect((await shop.client.api.GET('/api/employee-login/employees')).response.status).toBe(403);
  });

  it('unpairing a till stops its credential and its employee sessions at once, and is audited', async () => {
    const till = await pairTill(shop.client, 'Lost');
    const { employee } = await addEmployee(shop.client, { full_name: 'Lu Lost', role: 'cashier', pin: '5401' });
    const token = await signIn(till, employee.id, '5401');
    const registerId = (await tillOfMe(till)).id;

    const revoked = await shop.client.api.DELETE('/api/registers/{id}', { params: { path: { id: registerId } } });
    expect(revoked.response.status).toBe(200);
    expect(revoked.data!.ended_sessions).toBe(1);

    const after = await till.api.GET('/api/employee-sessions/current', { headers: as(token) });
    expect(after.response.status).toBe(401);
    expect(after.error?.error.code).toBe('till_not_paired');
    // The dead credential is dropped from the browser with the refusal.
    expect(till.hasCookie('till_register')).toBe(false);
    expect((await till.api.POST('/api/employee-sessions', { body: { employee_id: employee.id, pin: '5401' } })).response.status).toBe(403);
    expect((await okApi(await shop.client.api.GET('/api/registers'), 200)).registers.map((r) => r.id)).not.toContain(registerId);

    const audit = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'register.revoked')));
    expect(audit.some((row) => row.details.register_id === registerId)).toBe(true);
  });
});

describe('the owner on a till', () => {
  it('chooses a 6-digit PIN when assigned as owner and signs in on a till with it', async () => {
    const { client } = await signUpBusiness(server, { businessName: 'PIN Owner Shop' });
    const short = await client.api.POST('/api/business/owner', { body: { full_name: 'Olive Owner', pin: '1234' } });
    expect(short.response.status).toBe(400);
    expect((await client.api.POST('/api/business/owner', { body: { full_name: 'Olive Owner', pin: '246813' } })).response.status).toBe(201);
    const till = await pairTill(client);
    const picker = (await okApi(await till.api.GET('/api/employee-login/employees'), 200)).employees;
    const owner = picker.find((person) => person.role === 'business_owner')!;
    expect(owner.has_pin).toBe(true);
    const signedIn = await till.api.POST('/api/employee-sessions', { body: { employee_id: owner.id, pin: '246813' } });
    expect(signedIn.response.status).toBe(201);
    expect(signedIn.data!.session.employee_role).toBe('business_owner');
    // Acting on the till as the owner is the owner's employee row, with its PIN session.
    expect((await till.api.GET('/api/business-settings', { headers: as(signedIn.data!.token) })).response.status).toBe(200);
  });
});

describe('a till on the realtime socket', () => {
  it('joins its business channel with an employee session opened on it, not without; an unpaired till cannot connect', async () => {
    const till = await pairTill(shop.client, 'Socket till');
    const { employee } = await addEmployee(shop.client, { full_name: 'Sol Socket', role: 'cashier', pin: '5501' });
    const token = await signIn(till, employee.id, '5501');
    const socket = await TestSocket.open(server.url, till);
    try {
      const topic = realtimeTopic.business(shop.businessId);
      const without = await socket.join(topic);
      expect(without.status).toBe('error');
      expect(without.response.code).toBe('employee_session_required');
      expect((await socket.join(topic, { employee_session: token })).status).toBe('ok');
      // The owner renames a setting elsewhere: the till hears of it.
      expect((await shop.client.api.PATCH('/api/business-settings', { body: { business_name: 'Till Shop' } })).response.status).toBe(200);
      await socket.waitFor((frame) => frame.topic === topic && frame.event === 'broadcast' && frame.payload?.event === 'business.changed');
    } finally {
      socket.close();
    }
    const registerId = (await tillOfMe(till)).id;
    expect((await shop.client.api.DELETE('/api/registers/{id}', { params: { path: { id: registerId } } })).response.status).toBe(200);
    const stale = new ApiClient(server.url);
    await expect(TestSocket.open(server.url, stale, { cookie: `till_register=${registerId}.${'A'.repeat(43)}` })).rejects.toMatchObject({ status: 401 });
  });
});

