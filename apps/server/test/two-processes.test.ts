import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE_CODES, realtimeTopic } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../src/realtime/publish.ts';
import { ApiClient, okApi, STRONG_PASSWORD, startTestServer, type TestServer } from './harness.ts';
import { pause, TestSocket } from './realtime-helpers.ts';
import { seedProducts, sellOneForCash } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness, type StaffBusiness } from './staff-helpers.ts';

/** How soon another process must act on a change, well inside BUSINESS_CONTEXT_TTL_MS (5 s). */
const NOTIFIED_WITHIN_MS = 2_000;

/**
 * Two app instances on one database, as two processes behind a load balancer (README "Running
 * several app processes"). On PostgreSQL each has its own pool and its own LISTEN connection,
 * so everything they share goes through the server; on PGlite they share the one embedded
 * database and its in-process LISTEN.
 */
let a: TestServer;
let b: TestServer;
let shop: StaffBusiness;
const limits = { perAccount: 3, perAddress: 1000 };

beforeAll(async () => {
  a = await startTestServer({ signInLimits: limits });
  b = await startTestServer({ sameDatabaseAs: a, signInLimits: limits });
  shop = await staffBusiness(a, { businessName: 'Two Process Kitchen', features: { employee_management: true, kitchen_display: true } });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The same browser talking to the other process: the cookie is all it carries. */
const sameBrowserOn = (server: TestServer, client: ApiClient): ApiClient => client.sameBrowserOn(server.url);

/** Another holder of the same cookie (a second tab that missed the sign-out, or a copied cookie). */
const copyOfCookieOn = (server: TestServer, client: ApiClient): ApiClient => client.copyOfCookiesOn(server.url);

describe('two processes on one database behave as one', () => {
  it('a ticket sent through process A appears on a display connected to process B', async () => {
    const cook = await addEmployee(shop.client, { full_name: 'Dee Display', role: 'kitchen', pin: '7711' });
    const token = await pinSignIn(shop.client, cook.employee.id, '7711');
    const station = realtimeTopic.station(randomUUID());
    const display = await TestSocket.open(b.url, shop.client);
    const joined = await display.join(station, { employee_session: token, config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'orders' }] } });
    expect(joined.status).toBe('ok');

    const sent = await shop.client.api.POST('/api/realtime/broadcast', {
      body: { messages: [{ topic: station, event: 'ticket.sent', payload: { ticket: 'T-1', lines: ['2 × soup'] } }] },
    });
    expect(sent.response.status).toBe(202);
    const ticket = await display.waitFor((frame) => frame.event === 'broadcast');
    expect(ticket.payload).toEqual({ type: 'broadcast', event: 'ticket.sent', payload: { ticket: 'T-1', lines: ['2 × soup'] } });

    const [soup] = await seedProducts(a, shop.businessId, [{ name: 'Soup', price: 650 }]);
    const order = await sellOneForCash(shop.client, soup!);
    const change = await display.waitFor((frame) => frame.event === 'postgres_changes');
    expect(change.payload.data.record).toMatchObject({ id: order.order.id, business_id: shop.businessId, status: 'paid' });

    // The server-side publish API of process A, too.
    await publish(a.database, shop.businessId, realtimeTopic.business(shop.businessId), 'business.changed', { business_id: shop.businessId });
    const onB = await TestSocket.open(b.url, shop.client);
    await onB.join(realtimeTopic.business(shop.businessId));
    await publish(a.database, shop.businessId, realtimeTopic.business(shop.businessId), 'business.changed', { business_id: shop.businessId });
    expect((await onB.waitFor((frame) => frame.event === 'broadcast')).payload.event).toBe('business.changed');
    display.close();
    onB.close();
  });

  it('a session signed out on A is refused on B at once, and B closes its sockets', async () => {
    const email = `two-${randomUUID().slice(0, 8)}@example.com`;
    const onA = new ApiClient(a.url);
    const signUp = await onA.api.POST('/api/auth/sign-up', {
      body: { email, password: STRONG_PASSWORD, business_name: 'Revoked', full_name: 'Rae Voke', industry: 'retail' },
    });
    expect(signUp.response.status).toBe(201);
    const onB = copyOfCookieOn(b, onA);
    // B has the session in its cache.
    expect((await okApi(await onB.api.GET('/api/me'), 200)).user!.email).toBe(email);
    expect((await okApi(await onB.api.GET('/api/me'), 200)).user!.email).toBe(email);
    const socket = await TestSocket.open(b.url, onA);

    expect((await onA.api.POST('/api/auth/sign-out', { params: { query: { scope: 'local' } } })).response.status).toBe(200);
    const refused = await onB.api.GET('/api/business-settings');
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: { code: 'session_not_found' } });
    expect((await okApi(await onB.api.GET('/api/me'), 200)).user).toBeNull();
    expect((await socket.closed).code).toBe(REALTIME_CLOSE_CODES.sessionEnded);
  });

  it('a rate limit counted on A holds on B', async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    const owner = new ApiClient(a.url);
    const signUp = await owner.api.POST('/api/auth/sign-up', {
      body: { email, password: STRONG_PASSWORD, business_name: 'Limited', full_name: 'Lim Ited', industry: 'retail' },
    });
    expect(signUp.response.status).toBe(201);
    const onA = new ApiClient(a.url);
    const onB = new ApiClient(b.url);
    for (let i = 0; i < limits.perAccount; i += 1) {
      expect((await onA.api.POST('/api/auth/sign-in', { body: { email, password: 'wrong password here' } })).response.status).toBe(401);
    }
    const limited = await onB.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } });
    expect(limited.response.status).toBe(429);
    expect(limited.error).toMatchObject({ error: { code: 'rate_limited' } });
    expect(limited.error?.error.retry_after_seconds).toBeGreaterThan(0);
  });

  it('a feature switched off on A is refused on B at once; an employee deactivated on A is refused on B', async () => {
    const onB = sameBrowserOn(b, shop.client);
    const employeesOnB = async () => onB.api.GET('/api/employees');
    expect((await employeesOnB()).response.status).toBe(200); // B caches the business context
    const switchEmployees = async (on: boolean) =>
      (await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_management: on } } })).response.status;
    expect(await switchEmployees(false)).toBe(200);
    // B hears of the change from PostgreSQL's NOTIFY, which may land a moment after A has answered:
    // well within the 5 s the context is cached for, so only the notification can explain it.
    await expect.poll(async () => (await employeesOnB()).response.status, { timeout: NOTIFIED_WITHIN_MS, interval: 20 }).toBe(403);
    const off = await employeesOnB();
    expect(off.response.status).toBe(403);
    expect(off.error).toMatchObject({ error: { code: 'feature_disabled' } });
    expect(await switchEmployees(true)).toBe(200);

    const cashier = await addEmployee(shop.client, { full_name: 'Cid Cashier', role: 'cashier', pin: '7722' });
    const token = await pinSignIn(shop.client, cashier.employee.id, '7722');
    const currentOnB = async () => onB.api.GET('/api/employee-sessions/current', { headers: as(token) });
    expect((await currentOnB()).response.status).toBe(200);
    expect((await shop.client.api.POST('/api/employees/{id}/deactivate', { params: { path: { id: cashier.employee.id } } })).response.status).toBe(200);
    await expect.poll(async () => (await currentOnB()).response.status, { timeout: NOTIFIED_WITHIN_MS, interval: 20 }).toBe(401);
    const ended = await currentOnB();
    expect(ended.response.status).toBe(401);
    expect(ended.error).toMatchObject({ error: { code: 'employee_session_expired' } });
  });

  it('each process delivers to its own sockets once', async () => {
    const topic = realtimeTopic.store(randomUUID());
    const [onA, onB] = await Promise.all([TestSocket.open(a.url, shop.client), TestSocket.open(b.url, shop.client)]);
    await onA.join(topic);
    await onB.join(topic);
    await sameBrowserOn(b, shop.client).api.POST('/api/realtime/broadcast', { body: { messages: [{ topic, event: 'once', payload: {} }] } });
    await onA.waitFor((frame) => frame.event === 'broadcast');
    await onB.waitFor((frame) => frame.event === 'broadcast');
    await pause(200);
    expect(onA.events(topic, 'broadcast')).toHaveLength(1);
    expect(onB.events(topic, 'broadcast')).toHaveLength(1);
    onA.close();
    onB.close();
  });
});
