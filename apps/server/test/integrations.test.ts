import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.ts';
import { deliverWebhooks } from '../src/modules/integrations/deliver-webhooks.ts';
import { startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { as, staffBusiness, staffOfEveryRole, tillOf, type StaffBusiness } from './staff-helpers.ts';

/**
 * Integrations and outgoing webhooks (issue 20 item 11; decision 046): a real receiver on the
 * loopback checks each request's signature with the algorithm docs/api.md gives integrators.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let shop: StaffBusiness;
let stranger: StaffBusiness;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Paths the receiver answers 500 on, until taken out. */
const failing = new Set<string>();
let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;

/** The verification snippet of docs/api.md. */
function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['till-webhook-timestamp']);
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(headers['till-webhook-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

const run = () => deliverWebhooks({ database: server.database, mailer: server.services.mailer, config: server.services.config });
const at = (path: string) => received.filter((request) => request.path === path);
const deliveriesOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(webhookDeliveries));
const endpointCount = (businessId: string) =>
  server.database.withTenant(businessId, async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints))[0]!.n);

/** The events an endpoint listens to, from the route's own schema. */
type WebhookEvents = ApiBody<'/api/integrations/webhooks', 'post'>['events'];

async function addEndpoint(client = shop.client, path = '/ok', events: WebhookEvents = ['order.created', 'order.refunded', 'stock.low', 'z_report.closed']) {
  const { data, error, response } = await client.api.POST('/api/integrations/webhooks', { body: { url: `${receiverUrl}${path}`, description: `Receiver ${path}`, events } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!;
}

const byId = (id: string) => ({ params: { path: { id } } });

async function sell(productId: string, quantity = 1, price = 450) {
  const res = await shop.client.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines: [{ product_id: productId, quantity }],
      payments: [{ method: 'card', amount: price * quantity }],
      expected_total: price * quantity,
    },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.order;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(failing.has(path) ? 500 : 200, { 'content-type': 'text/plain' });
      response.end(failing.has(path) ? 'receiver is down' : 'thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer();
  shop = await staffBusiness(server, { businessName: 'Hook Shop', features: { employee_management: true, cash_management: true, inventory_management: true } });
  stranger = await staffBusiness(server, { businessName: 'Other Shop' });
  staff = await staffOfEveryRole(server, shop);
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook endpoints: SPEC §6 settings, on the server', () => {
  it('refuses a cashier, a manager and an admin without can_change_settings; allows the owner and an admin with it', async () => {
    const body = { url: `${receiverUrl}/perm`, events: ['order.created'] as WebhookEvents };
    for (const actor of ['cashier', 'manager', 'adminNone', 'kitchen']) {
      const create = await shop.client.api.POST('/api/integrations/webhooks', { body, headers: staff.headersOf(actor) });
      expect(create.response.status, actor).toBe(403);
      expect((await shop.client.api.GET('/api/integrations/webhooks', { headers: staff.headersOf(actor) })).response.status, actor).toBe(403);
      expect((await shop.client.api.GET('/api/integrations', { headers: staff.headersOf(actor) })).response.status, actor).toBe(403);
    }
    expect(await endpointCount(shop.businessId)).toBe(0);
    const byAdmin = await shop.client.api.POST('/api/integrations/webhooks', { body, headers: staff.headersOf('adminAll') });
    expect(byAdmin.response.status, JSON.stringify(byAdmin.error)).toBe(201);
    const endpointId = byAdmin.data!.endpoint.id;
    const secret = await shop.client.api.GET('/api/integrations/webhooks/{id}/secret', { ...byId(endpointId), headers: staff.headersOf('cashier') });
    expect(secret.response.status).toBe(403);
    expect((await shop.client.api.DELETE('/api/integrations/webhooks/{id}', { ...byId(endpointId), headers: staff.headersOf('manager') })).response.status).toBe(403);
    expect((await shop.client.api.DELETE('/api/integrations/webhooks/{id}', byId(endpointId))).response.status).toBe(200);
    expect(await endpointCount(shop.businessId)).toBe(0);
  });

  it('answers bad input with a clear 400 and writes nothing', async () => {
    const cases: [ApiBody<'/api/integrations/webhooks', 'post'>, string][] = [
      [{ url: 'ftp://hooks.example.com/x', events: ['order.created'] }, 'invalid_webhook_url'],
      [{ url: 'http://hooks.example.com/x', events: ['order.created'] }, 'invalid_webhook_url'],
      [{ url: 'https://user:pw@hooks.example.com/x', events: ['order.created'] }, 'invalid_webhook_url'],
      [{ url: 'https://192.168.1.20/x', events: ['order.created'] }, 'invalid_webhook_url'],
      [{ url: 'not a url', events: ['order.created'] }, 'invalid_webhook_url'],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'validation_error'],
    ];
    for (const [body, code] of cases) {
      const res = await shop.client.api.POST('/api/integrations/webhooks', { body });
      expect(res.response.status, JSON.stringify(body)).toBe(400);
      expect(res.error!.error.code, JSON.stringify(body)).toBe(code);
      expect(res.error!.error.message).toEqual(expect.any(String));
    }
    // bad input: the contract refuses an unknown event, a missing list of events and a secret of the caller's.
    for (const body of [
      { url: 'https://hooks.example.com/x', events: ['order.deleted'] },
      { url: 'https://hooks.example.com/x' },
      { url: 'https://hooks.example.com/x', events: ['order.created'], secret: 'mine' },
    ]) {
      const res = await shop.client.raw('POST', '/api/integrations/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe('validation_error');
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    const ok = await addEndpoint(shop.client, '/bad-input', ['order.created']);
    const patch = await shop.client.api.PATCH('/api/integrations/webhooks/{id}', { ...byId(ok.endpoint.id), body: { url: 'javascript:alert(1)' } });
    expect(patch.response.status).toBe(400);
    expect(patch.error?.error.message).toBe('The address must start with https://');
    const list = await shop.client.api.GET('/api/integrations/webhooks');
    expect(list.data!.endpoints.find((endpoint) => endpoint.id === ok.endpoint.id)!.url).toBe(`${receiverUrl}/bad-input`);
    expect((await shop.client.api.DELETE('/api/integrations/webhooks/{id}', byId(ok.endpoint.id))).response.status).toBe(200);
    expect((await shop.client.api.DELETE('/api/integrations/webhooks/{id}', byId(ok.endpoint.id))).response.status).toBe(404);
    expect((await shop.client.api.GET('/api/integrations/webhooks/{id}/deliveries', byId('not-an-id'))).response.status).toBe(400);
  });
});

describe('events are delivered, signed, and retried', () => {
  let endpoint: Awaited<ReturnType<typeof addEndpoint>>;
  let teaId: string;

  it('shows the secret once and to the owner on Reveal, never in the list', async () => {
    endpoint = await addEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.endpoint.secret_hint).toBe(endpoint.secret.slice(-4));
    const list = await shop.client.api.GET('/api/integrations/webhooks');
    expect(JSON.stringify(list.data)).not.toContain(endpoint.secret);
    const reveal = await shop.client.api.GET('/api/integrations/webhooks/{id}/secret', byId(endpoint.endpoint.id));
    expect(reveal.data!.secret).toBe(endpoint.secret);
    // The other business has its own endpoint, which must never see this shop's events.
    await addEndpoint(stranger.client, '/stranger');
  });

  it('delivers a sale as order.created with a signature that verifies, and a refund as order.refunded', async () => {
    const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Tea', price: 450, trackStock: true, stock: 5 }]);
    teaId = tea!.id;
    const order = await sell(teaId);
    await run();
    const [created] = at('/ok');
    expect(created, 'the receiver got the sale').toBeDefined();
    expect(verifySignature(endpoint.secret, created!.headers, created!.body)).toBe(true);
    expect(verifySignature('whsec_wrong', created!.headers, created!.body)).toBe(false);
    const payload = JSON.parse(created!.body);
    expect(payload).toMatchObject({
      type: 'order.created',
      business_id: shop.businessId,
      data: { order_id: order.id, number: order.number, total: 450, currency: expect.any(String) },
    });
    expect(created!.headers['till-webhook-id']).toBe(payload.id);
    expect(created!.headers['content-type']).toBe('application/json');

    const refund = await shop.client.api.POST('/api/orders/{id}/refunds', { ...byId(order.id), body: { idempotency_key: randomUUID(), reason: 'Cold' } });
    expect(refund.response.status, JSON.stringify(refund.error)).toBe(201);
    await run();
    const refunded = at('/ok').map((request) => JSON.parse(request.body)).find((event) => event.type === 'order.refunded');
    expect(refunded).toMatchObject({ data: { order_id: order.id, total: 450, order_number: order.number } });
    expect(at('/ok').every((request) => verifySignature(endpoint.secret, request.headers, request.body))).toBe(true);

    const log = await shop.client.api.GET('/api/integrations/webhooks/{id}/deliveries', byId(endpoint.endpoint.id));
    const deliveries = log.data!.deliveries;
    expect(deliveries.map((delivery) => [delivery.event_type, delivery.status, delivery.response_status, delivery.attempts])).toEqual([
      ['order.refunded', 'delivered', 200, 1],
      ['order.created', 'delivered', 200, 1],
    ]);
    expect(deliveries[0]!.response_excerpt).toBe('thanks');
  });

  it('sends stock.low when a sale takes a product to its low-stock level, and z_report.closed when a drawer closes', async () => {
    await server.database.withTenant(shop.businessId, (tx) => tx.update(products).set({ lowStockThreshold: 3 }).where(eq(products.id, teaId)));
    await sell(teaId); // 5 → 4 (refund restocked nothing): above the level
    await sell(teaId); // → 3: crosses
    await sell(teaId); // → 2: already low, nothing new
    const till = await tillOf(shop.client);
    const token = staff.tokens.ownerPin!;
    const open = await till.api.POST('/api/cash-sessions', { body: { idempotency_key: randomUUID(), opening_float: 0 }, headers: as(token) });
    expect(open.response.status, JSON.stringify(open.error)).toBe(201);
    const sessionId = open.data!.id;
    const close = await till.api.POST('/api/cash-sessions/{id}/close', { ...byId(sessionId), body: { idempotency_key: randomUUID(), counted_cash: 0 }, headers: as(token) });
    expect(close.response.status, JSON.stringify(close.error)).toBe(201);
    await run();
    const events = at('/ok').map((request) => JSON.parse(request.body));
    expect(events.filter((event) => event.type === 'stock.low').map((event) => event.data)).toEqual([
      expect.objectContaining({ product_id: teaId, stock_quantity: 3, low_stock_threshold: 3 }),
    ]);
    expect(events.find((event) => event.type === 'z_report.closed')).toMatchObject({ data: { cash_session_id: sessionId, number: expect.any(Number) } });
  });

  it('never sends one business’s events to another business’s endpoint', () => {
    expect(at('/stranger')).toEqual([]);
  });

  it('tries a failed delivery again later, and Send test and Redeliver post at once', async () => {
    failing.add('/down');
    const down = await addEndpoint(shop.client, '/down', ['order.created']);
    await sell(teaId);
    await run();
    const [first] = (await deliveriesOf(shop.businessId)).filter((delivery) => delivery.endpointId === down.endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseExcerpt: 'receiver is down' });
    const wait = first!.nextAttemptAt!.getTime() - first!.lastAttemptAt!.getTime();
    expect(wait).toBeGreaterThanOrEqual(60_000);
    expect(wait).toBeLessThan(61_000);
    // Not due yet: another run posts nothing.
    await run();
    expect(at('/down')).toHaveLength(1);
    failing.delete('/down');
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, first!.id)),
    );
    await run();
    expect(at('/down')).toHaveLength(2);
    expect(at('/down')[0]!.headers['till-webhook-id']).toBe(at('/down')[1]!.headers['till-webhook-id']);
    const log = await shop.client.api.GET('/api/integrations/webhooks/{id}/deliveries', byId(down.endpoint.id));
    expect(log.data!.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200, next_attempt_at: null });

    const test = await shop.client.api.POST('/api/integrations/webhooks/{id}/test', byId(down.endpoint.id));
    expect(test.response.status, JSON.stringify(test.error)).toBe(201);
    expect(test.data!.delivery).toMatchObject({ event_type: 'ping', status: 'delivered', response_status: 200, attempts: 1 });
    const ping = at('/down').at(-1)!;
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', business_id: shop.businessId });
    expect(verifySignature(down.secret, ping.headers, ping.body)).toBe(true);

    const again = await shop.client.api.POST('/api/integrations/webhook-deliveries/{id}/redeliver', byId(first!.id));
    expect(again.response.status, JSON.stringify(again.error)).toBe(200);
    expect(again.data!.delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(at('/down')).toHaveLength(4);
    // Another business cannot redeliver or test this shop's deliveries.
    expect((await stranger.client.api.POST('/api/integrations/webhook-deliveries/{id}/redeliver', byId(first!.id))).response.status).toBe(404);
    expect((await stranger.client.api.POST('/api/integrations/webhooks/{id}/test', byId(down.endpoint.id))).response.status).toBe(404);
  });

  it('switches off an endpoint failing for 3 days and tells the owner through the outbox', async () => {
    failing.add('/dead');
    const dead = await addEndpoint(shop.client, '/dead', ['order.created']);
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 3 * 24 * 3_600_000 - 1000) }).where(eq(webhookEndpoints.id, dead.endpoint.id)),
    );
    const test = await shop.client.api.POST('/api/integrations/webhooks/{id}/test', byId(dead.endpoint.id));
    expect(test.data!.delivery).toMatchObject({ status: 'pending', response_status: 500 });
    const list = await shop.client.api.GET('/api/integrations/webhooks');
    expect(list.data!.endpoints.find((row) => row.id === dead.endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'Every delivery failed for 3 days' });
    const mail = await server.database.db.execute(sql`select subject from outbox_messages where subject = 'A webhook endpoint was switched off'`);
    expect((mail as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // Switched off, nothing new is queued for it.
    await sell(teaId);
    expect((await deliveriesOf(shop.businessId)).filter((delivery) => delivery.endpointId === dead.endpoint.id)).toHaveLength(1);
  });

  it('lists every connection without secrets', async () => {
    const res = await shop.client.api.GET('/api/integrations');
    expect(res.response.status).toBe(200);
    expect(res.data!.connections).toMatchObject({
      smtp: { configured: false },
      ai_provider: { configured: false },
      storage: { driver: 'local', bucket: null },
      quickbooks: { feature_enabled: false, mapped: false, exports: 0 },
      webhooks: { endpoints: 3, enabled: 2 },
    });
  });
});
