import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE_CODES, REALTIME_ERRORS, realtimeTopic } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, publishAfterCommit } from '../src/realtime/publish.ts';
import { okApi, signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { pause, TestSocket } from './realtime-helpers.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness, type StaffBusiness } from './staff-helpers.ts';

let server: TestServer;
let shopA: StaffBusiness;
let shopB: StaffBusiness;
beforeAll(async () => {
  server = await startTestServer();
  [shopA, shopB] = await Promise.all([
    staffBusiness(server, { businessName: 'Shop A', features: { employee_management: true, kitchen_display: true } }),
    staffBusiness(server, { businessName: 'Shop B', features: { employee_management: true, kitchen_display: true } }),
  ]);
});
afterAll(() => server.close());

const ordersBinding = { event: 'INSERT' as const, schema: 'public', table: 'orders' };

async function sell(shop: StaffBusiness, productId: string) {
  const sold = await okApi(
    await shop.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: productId, quantity: 1 }],
        payments: [{ method: 'card', amount: 500 }],
        expected_total: 500,
      },
    }),
    201,
  );
  return sold.order;
}

const broadcast = (client: ApiClient, messages: ApiBody<'/api/realtime/broadcast', 'post'>['messages']) =>
  client.api.POST('/api/realtime/broadcast', { body: { messages } });

describe('the websocket endpoint', () => {
  it('refuses an upgrade without a session, from another site, or at another path', async () => {
    await expect(TestSocket.open(server.url, null)).rejects.toMatchObject({ status: 400 });
    await expect(TestSocket.open(server.url, shopA.client, { origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    const other = server.url.replace(/^http/, 'ws') + '/not-realtime';
    const { default: WebSocket } = await import('ws');
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(other, { headers: { cookie: shopA.client.cookieHeader() } });
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode!));
    });
    expect(status).toBe(404);
  });

  it('answers heartbeats and joins the business channel', async () => {
    const socket = await TestSocket.open(server.url, shopA.client);
    expect(await socket.request('phoenix', 'heartbeat')).toEqual({ status: 'ok', response: {} });
    expect(await socket.join(realtimeTopic.business(shopA.businessId))).toEqual({ status: 'ok', response: { postgres_changes: [] } });
    expect(await socket.request(realtimeTopic.business(shopA.businessId), 'phx_leave')).toEqual({ status: 'ok', response: {} });
    socket.close();
  });
});

describe('bad join requests get SPEC §8 errors', () => {
  let socket: TestSocket;
  beforeAll(async () => {
    socket = await TestSocket.open(server.url, shopA.client);
  });
  afterAll(() => socket.close());

  const channelError = (code: string) => ({ status: 'error', response: expect.objectContaining({ reason: REALTIME_ERRORS.channelError, code }) });
  const mismatch = { status: 'error', response: expect.objectContaining({ reason: REALTIME_ERRORS.bindingsMismatch }) };

  it('an unknown topic, a malformed payload, another business, an order that is not ours', async () => {
    expect(await socket.join('realtime:table:orders')).toEqual(channelError('unknown_topic'));
    expect(await socket.join(realtimeTopic.store(randomUUID()), { config: { postgres_changes: 'all' } } as never)).toEqual(channelError('invalid_join'));
    expect(await socket.join(realtimeTopic.business(shopB.businessId))).toEqual(channelError('forbidden'));
    expect(await socket.join(realtimeTopic.order(randomUUID()))).toEqual(channelError('channel_not_found'));
  });

  it('a postgres-changes binding the server does not offer', async () => {
    const topic = realtimeTopic.store(randomUUID());
    expect(await socket.join(topic, { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'employees' }] } })).toEqual(mismatch);
    expect(await socket.join(topic, { config: { postgres_changes: [{ event: 'DELETE', schema: 'public', table: 'orders' }] } })).toEqual(mismatch);
    expect(await socket.join(topic, { config: { postgres_changes: [{ event: 'INSERT', schema: 'auth', table: 'orders' }] } })).toEqual(mismatch);
    expect(await socket.join(topic, { config: { postgres_changes: [{ ...ordersBinding, filter: 'total=gt.5' }] } })).toEqual(mismatch);
    expect(await socket.join(topic, { config: { postgres_changes: [{ ...ordersBinding, filter: 'nope=eq.5' }] } })).toEqual(mismatch);
    const ok = await socket.join(topic, { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'orders', filter: 'status=eq.parked' }] } });
    expect(ok).toEqual({ status: 'ok', response: { postgres_changes: [{ id: 1, event: '*', schema: 'public', table: 'orders', filter: 'status=eq.parked' }] } });
  });

  it('an employee session that is not valid, or a role SPEC §6 keeps out of the kitchen', async () => {
    const station = realtimeTopic.station(randomUUID());
    expect(await socket.join(station, { employee_session: 'not-a-token' })).toEqual(channelError('employee_session_expired'));
    const cashier = await addEmployee(shopA.client, { full_name: 'Cass Cashier', role: 'cashier', pin: '4411' });
    const kitchen = await addEmployee(shopA.client, { full_name: 'Kit Kitchen', role: 'kitchen', pin: '4412' });
    const cashierToken = await pinSignIn(shopA.client, cashier.employee.id, '4411');
    const kitchenToken = await pinSignIn(shopA.client, kitchen.employee.id, '4412');
    expect(await socket.join(station, { employee_session: cashierToken })).toEqual(channelError('forbidden'));
    expect((await socket.join(station, { employee_session: kitchenToken })).status).toBe('ok');
    // Another business's employee session names no session of this account's business.
    const bCook = await addEmployee(shopB.client, { full_name: 'Bo Cook', role: 'kitchen', pin: '4413' });
    const bToken = await pinSignIn(shopB.client, bCook.employee.id, '4413');
    expect(await socket.join(realtimeTopic.station(randomUUID()), { employee_session: bToken })).toEqual(channelError('employee_session_expired'));
  });

  it('a station while the kitchen display is switched off', async () => {
    const plain = await signUpBusiness(server, { assignOwner: true });
    const other = await TestSocket.open(server.url, plain.client);
    expect(await other.join(realtimeTopic.station(randomUUID()))).toEqual(channelError('feature_disabled'));
    other.close();
  });

  it('messages the server does not take', async () => {
    const topic = realtimeTopic.store(randomUUID());
    expect((await socket.request(topic, 'broadcast', { type: 'broadcast', event: 'x', payload: {} })).response.code).toBe('not_offered');
    expect((await socket.request(topic, 'shout')).response.code).toBe('unknown_event');
    socket.ws.send('not json');
    const reply = await socket.waitFor((frame) => frame.event === 'phx_reply' && frame.payload.response?.code === 'invalid_message');
    expect(reply.payload.status).toBe('error');
  });
});

describe('a socket of business A never receives B’s events', () => {
  it('broadcast POST: the same topic name in two businesses is two rooms', async () => {
    const storeId = randomUUID();
    const topic = realtimeTopic.store(storeId);
    const [a, b] = await Promise.all([TestSocket.open(server.url, shopA.client), TestSocket.open(server.url, shopB.client)]);
    expect((await a.join(topic)).status).toBe('ok');
    expect((await b.join(topic)).status).toBe('ok');

    const sent = await broadcast(shopA.client, [{ topic, event: 'ticket.bumped', payload: { n: 1 } }]);
    expect(sent.response.status).toBe(202);
    expect(sent.data).toMatchObject({ sent: 1 });
    const received = await a.waitFor((frame) => frame.event === 'broadcast' && frame.topic === topic);
    expect(received.payload).toEqual({ type: 'broadcast', event: 'ticket.bumped', payload: { n: 1 } });

    await broadcast(shopB.client, [{ topic, event: 'ticket.bumped', payload: { n: 2 } }]);
    await b.waitFor((frame) => frame.event === 'broadcast' && frame.payload.payload.n === 2);
    // Each saw its own business's message only, after the other's had time to arrive.
    await pause(200);
    expect(a.events(topic, 'broadcast').map((frame) => frame.payload.payload.n)).toEqual([1]);
    expect(b.events(topic, 'broadcast').map((frame) => frame.payload.payload.n)).toEqual([2]);
    a.close();
    b.close();
  });

  it('postgres changes: an order of B never reaches A, A’s own does, with its row', async () => {
    const [teaA] = await seedProducts(server, shopA.businessId, [{ name: 'Tea', price: 500 }]);
    const [teaB] = await seedProducts(server, shopB.businessId, [{ name: 'Tea', price: 500 }]);
    const topic = realtimeTopic.store(randomUUID());
    const a = await TestSocket.open(server.url, shopA.client);
    expect((await a.join(topic, { config: { postgres_changes: [ordersBinding] } })).status).toBe('ok');

    const orderOfB = await sell(shopB, teaB!.id);
    const orderOfA = await sell(shopA, teaA!.id);
    const change = await a.waitFor((frame) => frame.event === 'postgres_changes');
    expect(change.topic).toBe(topic);
    expect(change.payload).toMatchObject({
      ids: [1],
      data: { schema: 'public', table: 'orders', type: 'INSERT', record: { id: orderOfA.id, business_id: shopA.businessId, status: 'paid', number: orderOfA.number } },
    });
    await pause(200);
    const ids = a.events(topic, 'postgres_changes').map((frame) => frame.payload.data.record.id);
    expect(ids).toEqual([orderOfA.id]);
    expect(ids).not.toContain(orderOfB.id);
    a.close();
  });

  it('server publish: only the named business’s sockets receive it, and only after commit', async () => {
    const topic = realtimeTopic.business(shopA.businessId);
    const a = await TestSocket.open(server.url, shopA.client);
    const b = await TestSocket.open(server.url, shopB.client);
    await a.join(topic);
    await b.join(realtimeTopic.business(shopB.businessId));

    // Rolled back: nothing is sent.
    await expect(
      server.database.withTenant(shopA.businessId, async (tx) => {
        publishAfterCommit(tx, shopA.businessId, topic, 'business.changed', { business_id: shopA.businessId });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A's business id on B's topic name reaches no socket of B.
    await publish(server.database, shopA.businessId, realtimeTopic.business(shopB.businessId), 'business.changed', { business_id: shopA.businessId });
    await server.database.withTenant(shopA.businessId, async (tx) => {
      publishAfterCommit(tx, shopA.businessId, topic, 'business.changed', { business_id: shopA.businessId });
    });
    const received = await a.waitFor((frame) => frame.event === 'broadcast');
    expect(received.payload).toEqual({ type: 'broadcast', event: 'business.changed', payload: { business_id: shopA.businessId } });
    await pause(200);
    expect(a.events(topic, 'broadcast')).toHaveLength(1);
    expect(b.frames.filter((frame) => frame.event === 'broadcast')).toHaveLength(0);
    a.close();
    b.close();
  });

  it('the broadcast POST refuses a topic the caller may not join, server event names, and callers without a session', async () => {
    const refused = await broadcast(shopA.client, [
      { topic: realtimeTopic.store(randomUUID()), event: 'fine' },
      { topic: realtimeTopic.business(shopB.businessId), event: 'sneaky' },
    ]);
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ error: { code: 'forbidden' } });
    const forged = await broadcast(shopA.client, [{ topic: realtimeTopic.business(shopA.businessId), event: 'business.changed', payload: { business_id: shopB.businessId } }]);
    expect(forged.response.status).toBe(400);
    expect(forged.error).toMatchObject({ error: { code: 'validation_error' } });
    const nul = await broadcast(shopA.client, [{ topic: realtimeTopic.store(randomUUID()), event: 'x', payload: { s: 'a\u0000b' } }]);
    expect(nul.response.status).toBe(400);
    // A browser with no session.
    const anonymous = await broadcast(shopA.client.fresh(), [{ topic: realtimeTopic.store(randomUUID()), event: 'x' }]);
    expect(anonymous.response.status).toBe(400);
    expect(anonymous.error).toMatchObject({ error: { code: 'session_not_found' } });
  });
});

describe('deliveries', () => {
  it('filters postgres changes by column and reports updates', async () => {
    const [tea] = await seedProducts(server, shopA.businessId, [{ name: 'Green tea', price: 500 }]);
    const topic = realtimeTopic.store(randomUUID());
    const socket = await TestSocket.open(server.url, shopA.client);
    const joined = await socket.join(topic, { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'orders', filter: 'status=eq.voided' }] } });
    expect(joined.status).toBe('ok');
    // An unfiltered watcher on the same socket: a change is delivered with the row as it is when the
    // server reads it, so the void waits until the parked sale's INSERT has been read (as parked) for
    // both channels at once; under load it could otherwise be read after the void, already voided.
    const inserts = realtimeTopic.store(randomUUID());
    expect((await socket.join(inserts, { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'orders' }] } })).status).toBe('ok');
    await sell(shopA, tea!.id);
    const parkedRes = await shopA.client.api.POST('/api/orders/park', { body: { lines: [{ product_id: tea!.id, quantity: 1 }] } });
    expect(parkedRes.response.status).toBe(201);
    const parked = parkedRes.data!;
    const inserted = await socket.waitFor((frame) => frame.topic === inserts && frame.event === 'postgres_changes' && frame.payload.data.record?.id === parked.id);
    expect(inserted.payload.data.record.status).toBe('parked');
    expect((await shopA.client.api.POST('/api/orders/{id}/void', { params: { path: { id: parked.id } }, body: { reason: 'customer left' } })).response.status).toBe(200);
    const change = await socket.waitFor((frame) => frame.topic === topic && frame.event === 'postgres_changes');
    expect(change.payload.data).toMatchObject({ type: 'UPDATE', record: { id: parked.id, status: 'voided' }, old_record: { id: parked.id } });
    await pause(200);
    expect(socket.events(topic, 'postgres_changes')).toHaveLength(1);
    socket.close();
  });

  it('carries a message larger than a NOTIFY payload through the database', async () => {
    const topic = realtimeTopic.store(randomUUID());
    const socket = await TestSocket.open(server.url, shopA.client);
    await socket.join(topic);
    const big = 'x'.repeat(20_000);
    const sent = await broadcast(shopA.client, [
      { topic, event: 'big', payload: { big } },
      { topic, event: 'small', payload: {} },
    ]);
    expect(sent.response.status).toBe(202);
    await socket.waitFor((frame) => frame.event === 'broadcast' && frame.payload.event === 'small');
    // In order, the stored one first.
    expect(socket.events(topic, 'broadcast').map((frame) => [frame.payload.event, frame.payload.payload.big?.length])).toEqual([
      ['big', 20_000],
      ['small', undefined],
    ]);
    socket.close();
  });
});

describe('sessions and heartbeats', () => {
  it('an ended employee session closes its channels (phx_close); signing out closes the socket (4401)', async () => {
    const shop = await staffBusiness(server, { businessName: 'Session Shop', features: { employee_management: true, kitchen_display: true } });
    const cook = await addEmployee(shop.client, { full_name: 'Cy Cook', role: 'kitchen', pin: '5511' });
    const token = await pinSignIn(shop.client, cook.employee.id, '5511');
    const socket = await TestSocket.open(server.url, shop.client);
    const station = realtimeTopic.station(randomUUID());
    const business = realtimeTopic.business(shop.businessId);
    expect((await socket.join(station, { employee_session: token })).status).toBe('ok');
    expect((await socket.join(business)).status).toBe('ok');

    expect((await shop.client.api.POST('/api/employee-sessions/sign-out', { headers: as(token) })).response.status).toBe(200);
    const closed = await socket.waitFor((frame) => frame.event === 'phx_close' && frame.topic === station);
    expect(closed.payload).toMatchObject({ reason: REALTIME_ERRORS.channelError, code: 'employee_session_expired' });
    // The owner's channel on the same socket stays.
    await broadcast(shop.client, [{ topic: business, event: 'still-here' }]);
    await socket.waitFor((frame) => frame.event === 'broadcast' && frame.topic === business);

    expect((await shop.client.api.POST('/api/auth/sign-out', { params: { query: { scope: 'local' } } })).response.status).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE_CODES.sessionEnded);
    expect(socket.frames.some((frame) => frame.event === 'phx_close' && frame.topic === business)).toBe(true);
  });

  it('switching the kitchen display off closes station channels and tells the business channel', async () => {
    const shop = await staffBusiness(server, { businessName: 'Switch Shop', features: { employee_management: true, kitchen_display: true } });
    const socket = await TestSocket.open(server.url, shop.client);
    const station = realtimeTopic.station(randomUUID());
    const business = realtimeTopic.business(shop.businessId);
    await socket.join(station);
    await socket.join(business);
    expect((await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { kitchen_display: false } } })).response.status).toBe(200);
    expect((await socket.waitFor((frame) => frame.event === 'phx_close' && frame.topic === station)).payload.code).toBe('feature_disabled');
    expect((await socket.waitFor((frame) => frame.event === 'broadcast' && frame.topic === business)).payload.event).toBe('business.changed');
    socket.close();
  });
});

describe('heartbeats time out a dead client', () => {
  let quick: TestServer;
  beforeAll(async () => {
    quick = await startTestServer({ realtime: { heartbeatTimeoutMs: 600, sweepIntervalMs: 50 } });
  });
  afterAll(() => quick.close());

  it('closes a silent socket with 4408 and keeps one that heartbeats', async () => {
    const owner = await signUpBusiness(quick, { assignOwner: true });
    const silent = await TestSocket.open(quick.url, owner.client);
    const alive = await TestSocket.open(quick.url, owner.client);
    await silent.join(realtimeTopic.business(owner.businessId));
    await alive.join(realtimeTopic.business(owner.businessId));
    const beat = setInterval(() => alive.send('phoenix', 'heartbeat'), 150);
    try {
      expect((await silent.closed).code).toBe(REALTIME_CLOSE_CODES.heartbeatTimeout);
      await pause(800);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      expect(quick.services.realtime.stats()).toMatchObject({ sockets: 1, channels: 1, bus: true });
    } finally {
      clearInterval(beat);
      alive.close();
    }
  });
});
