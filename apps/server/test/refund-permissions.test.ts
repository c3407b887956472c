import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okApi, startTestServer, type TestServer } from './harness.ts';
import { seedProducts, sellOneForCash } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('refunds need SPEC §6 refunds access, on the server', () => {
  it('refuses a cashier without can_process_refunds, allows one with it and a manager without it', async () => {
    const shop = await staffBusiness(server);
    const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Tea', price: 300 }]);
    const sell = async () => (await sellOneForCash(shop.client, tea!)).order.id;
    const { employee: plain } = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '1111' });
    const { employee: trusted } = await addEmployee(shop.client, {
      full_name: 'Tess Trusted',
      role: 'cashier',
      pin: '2222',
      permissions: { can_process_refunds: true },
    });
    const { employee: manager } = await addEmployee(shop.client, { full_name: 'Max Manager', role: 'manager', pin: '3333' });

    const first = await sell();
    const refund = async (id: string, reason: string, token: string) =>
      shop.client.api.POST('/api/orders/{id}/refunds', { params: { path: { id } }, body: { idempotency_key: randomUUID(), reason }, headers: as(token) });
    const refused = await refund(first, 'x', await pinSignIn(shop.client, plain.id, '1111'));
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('forbidden');
    expect((await okApi(await shop.client.api.GET('/api/orders/{id}', { params: { path: { id: first } } }), 200)).order.status).toBe('paid');

    const allowed = await refund(first, 'cold', await pinSignIn(shop.client, trusted.id, '2222'));
    expect(allowed.response.status).toBe(201);

    const second = await sell();
    const byManager = await refund(second, 'spilt', await pinSignIn(shop.client, manager.id, '3333'));
    expect(byManager.response.status).toBe(201);
    const detail = await okApi(await shop.client.api.GET('/api/orders/{id}', { params: { path: { id: second } } }), 200);
    expect(detail.events.at(-1)).toMatchObject({ type: 'refunded', actor_name: 'Max Manager' });
  });
});
