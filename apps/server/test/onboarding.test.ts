import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registers, stores } from '../src/db/schema/index.ts';
import { ApiClient, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from './harness.ts';
import { seedProducts, sellOneForCash } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness, pairTill } from './staff-helpers.ts';

/** Issue 10 item 8: sign-up takes the business's currency and time zone, so nobody has to find them in settings. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign-up with currency and time zone', () => {
  it('creates the business in the currency and time zone given', async () => {
    const client = new ApiClient(server.url);
    const res = await client.api.POST('/api/auth/sign-up', {
      body: {
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        business_name: 'Kaffeehaus',
        currency: 'EUR',
        time_zone: 'Europe/Vienna',
      },
    });
    expect(res.response.status).toBe(201);
    const me = await client.api.GET('/api/me');
    expect(me.data!.business).toMatchObject({ name: 'Kaffeehaus', currency: 'EUR', time_zone: 'Europe/Vienna' });
  });

  it('keeps the defaults when they are left out', async () => {
    const client = new ApiClient(server.url);
    expect((await client.api.POST('/api/auth/sign-up', { body: { email: uniqueEmail(), password: STRONG_PASSWORD } })).response.status).toBe(201);
    const me = await client.api.GET('/api/me');
    expect(me.data!.business).toMatchObject({ currency: 'USD', time_zone: 'UTC' });
  });

  it.each([
    [{ currency: 'usd' }, 'currency'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
  ])('refuses %j with 400 and creates nothing', async (extra, field) => {
    const email = uniqueEmail();
    const res = await new ApiClient(server.url).api.POST('/api/auth/sign-up', { body: { email, password: STRONG_PASSWORD, ...extra } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('validation_error');
    expect(JSON.stringify(res.error?.error.issues)).toContain(field);
    const signIn = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } });
    expect(signIn.response.status).toBe(401);
  });
});

describe('GET /api/onboarding/checklist', () => {
  it('ticks each step off as it happens and is complete once all four are done', async () => {
    const shop = await staffBusiness(server);
    const done = async () => {
      const { data, response } = await shop.client.api.GET('/api/onboarding/checklist');
      expect(response.status).toBe(200);
      return { ...Object.fromEntries(data!.steps.map((step) => [step.key, step.done])), complete: data!.complete };
    };
    expect(await done()).toEqual({ add_products: false, add_staff: false, pair_till: false, first_sale: false, complete: false });

    const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Tea', price: 300 }]);
    await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '864213' });
    expect(await done()).toMatchObject({ add_products: true, add_staff: true, pair_till: false, first_sale: false, complete: false });

    await sellOneForCash(shop.client, tea!);
    // A register row without a working credential is not a paired till.
    await server.database.withTenant(shop.businessId, async (tx) => {
      const [store] = await tx.select().from(stores);
      await tx.insert(registers).values({ businessId: shop.businessId, storeId: store!.id, name: 'Never paired' });
    });
    expect(await done()).toMatchObject({ pair_till: false, complete: false });
    await pairTill(shop.client, 'Front till');
    expect(await done()).toEqual({ add_products: true, add_staff: true, pair_till: true, first_sale: true, complete: true });
  });

  it('is for whoever sets the business up: a cashier is refused', async () => {
    const shop = await staffBusiness(server);
    const { employee } = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '864213' });
    const res = await shop.client.api.GET('/api/onboarding/checklist', { headers: as(await pinSignIn(shop.client, employee.id, '864213')) });
    expect(res.response.status).toBe(403);
  });
});
