import { eq } from 'drizzle-orm';
import { defaultEnabledFeatures } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningAreas, industryTemplates, platformAuditLog, subscriptionPlans, workshopSettings } from '../src/db/schema/index.ts';
import { ApiClient, signUpBusiness, startSuperAdminServer, STRONG_PASSWORD, type TestServer, uniqueEmail } from './harness.ts';

const ROOT = 'root-templates@example.com';
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  ({ server, root } = await startSuperAdminServer(ROOT));
});
afterAll(() => server.close());

const firstTime = defaultEnabledFeatures({ firstTimeSetup: true });

const restaurantTemplate = {
  enabled_features: { ...firstTime, kitchen_display: true, time_tracking: true, loyalty_program: false },
  categories: ['Starters', 'Mains', 'Drinks'],
  products: [
    { name: 'Tomato soup', price: 650, category: 'Starters' },
    { name: 'Lasagne', price: 1450, category: 'mains' },
    { name: 'Tap water', price: 0, category: null },
  ],
};

async function signUp(body: Record<string, unknown>) {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/auth/sign-up', { email: uniqueEmail(), password: STRONG_PASSWORD, business_name: 'Trattoria', full_name: 'Rosa Neri', ...body });
  expect(res.status).toBe(201);
  expect((await client.post('/api/business/owner', { full_name: 'Rosa Neri' })).status).toBe(201);
  return client;
}

async function starterOf(client: ApiClient) {
  const categories = (await client.api.GET('/api/categories')).data!.categories;
  const products = (await client.get('/api/products')).body.products as { name: string; price: number; category: { name: string } | null }[];
  const features = (await client.get('/api/me')).body.settings.enabled_features as Record<string, boolean>;
  return {
    categories: categories.map((category) => category.name),
    products: products.map((product) => ({ name: product.name, price: product.price, category: product.category?.name ?? null })).sort((a, b) => a.name.localeCompare(b.name)),
    features,
  };
}

async function auditRows() {
  return server.database.db.select().from(platformAuditLog).where(eq(platformAuditLog.action, 'industry_template.saved'));
}

// In order: the seeded defaults are read before any test edits a template.
describe('industry templates', () => {
  it('starts every industry as new businesses did before (first-time features, nothing else), so a new business gets no starter rows', async () => {
    const res = await root.get('/api/super-admin/industry-templates');
    expect(res.status).toBe(200);
    expect(res.body.templates.map((template: { industry: string }) => template.industry)).toEqual(['retail', 'restaurant', 'mechanics']);
    for (const template of res.body.templates) expect(template).toMatchObject({ enabled_features: firstTime, categories: [], products: [], updated_at: null });
    const { client } = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    expect(await starterOf(client)).toEqual({ categories: [], products: [], features: firstTime });
  });

  it("applies the saved restaurant template at a restaurant's sign-up: its categories in order, its products, its features (audited)", async () => {
    const saved = await root.request('PUT', '/api/super-admin/industry-templates/restaurant', restaurantTemplate);
    expect(saved.status).toBe(200);
    expect(saved.body.template).toMatchObject({ industry: 'restaurant', categories: ['Starters', 'Mains', 'Drinks'], products: restaurantTemplate.products });
    expect(saved.body.template.updated_at).not.toBeNull();
    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ industry: 'restaurant', categories: 3, products: 3 });

    const owner = await signUp({ industry: 'restaurant' });
    const starter = await starterOf(owner);
    expect(starter.categories).toEqual(['Starters', 'Mains', 'Drinks']);
    expect(starter.products).toEqual([
      { name: 'Lasagne', price: 1450, category: 'Mains' },
      { name: 'Tap water', price: 0, category: null },
      { name: 'Tomato soup', price: 650, category: 'Starters' },
    ]);
    expect(starter.features).toEqual(restaurantTemplate.enabled_features);
    expect((await owner.get('/api/kitchen/tickets')).status).not.toBe(403);

    // Another industry keeps its own (untouched) template.
    const shop = await signUp({ industry: 'retail' });
    expect(await starterOf(shop)).toEqual({ categories: [], products: [], features: firstTime });
  });

  it('starts empty when the owner asks: no categories, no products, SPEC §9 first-time features', async () => {
    const owner = await signUp({ industry: 'restaurant', start_empty: true });
    expect(await starterOf(owner)).toEqual({ categories: [], products: [], features: firstTime });
  });

  it('refuses anyone but a super admin (403 for an owner, 400 signed out) and writes nothing', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.get('/api/super-admin/industry-templates')).status).toBe(403);
    expect((await client.request('PUT', '/api/super-admin/industry-templates/retail', { ...restaurantTemplate })).status).toBe(403);
    expect((await new ApiClient(server.url).request('PUT', '/api/super-admin/industry-templates/retail', { ...restaurantTemplate })).status).toBe(400);
    const [retail] = await server.database.db.select().from(industryTemplates).where(eq(industryTemplates.industry, 'retail'));
    expect(retail).toMatchObject({ categories: [], products: [], updatedAt: null });
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses a bad template with a 400 naming the problem and keeps the saved one', async () => {
    for (const [body, message] of [
      [{ ...restaurantTemplate, categories: ['Mains', 'mains'] }, 'The category "mains" is listed twice'],
      [{ ...restaurantTemplate, products: [{ name: 'Beer', price: 500, category: 'Bar' }] }, '"Beer" is in the category "Bar", which the template does not have'],
      [{ ...restaurantTemplate, products: [{ name: 'Beer', price: 4.5, category: null }] }, null],
      [{ ...restaurantTemplate, enabled_features: { pos_system: true } }, null],
      [{ ...restaurantTemplate, categories: ['Bad\u0007name'] }, null],
      [{ ...restaurantTemplate, categories: ['\ud800'] }, null],
      [{ ...restaurantTemplate, categories: ['x'.repeat(20_000)] }, null],
      [{ ...restaurantTemplate, categories: Array.from({ length: 51 }, (_, index) => `C${index}`) }, null],
      [{ ...restaurantTemplate, products: [{ name: 'Beer', price: 2 ** 53 + 2, category: null }] }, null],
      [{ ...restaurantTemplate, products: [{ name: 'Beer', price: 500, category: null, sku: 'X' }] }, null],
      [{ ...restaurantTemplate, categories: null }, null],
    ] as const) {
      const res = await root.request('PUT', '/api/super-admin/industry-templates/restaurant', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
      if (message) expect(JSON.stringify(res.body.error)).toContain(message.replaceAll('"', '\\"'));
    }
    expect((await root.request('PUT', '/api/super-admin/industry-templates/bakery', restaurantTemplate)).status).toBe(400);
    const restaurant = (await root.get('/api/super-admin/industry-templates')).body.templates[1];
    expect(restaurant.categories).toEqual(['Starters', 'Mains', 'Drinks']);
    expect(await auditRows()).toHaveLength(1);
  });

  it('carries receipt texts, a table plan and an inspection checklist, applied at sign-up, prices in the business currency; start empty applies none', async () => {
    const full = {
      ...restaurantTemplate,
      currency: 'USD',
      receipt_header: 'Trattoria Roma\nVAT 123 456',
      receipt_footer: 'Grazie!',
      dining_areas: [
        { name: 'Inside', tables: [{ name: 'T1', seats: 2 }, { name: 'T2', seats: 4 }] },
        { name: 'Terrace', tables: [{ name: 'P1', seats: 6 }] },
      ],
      inspection_points: [],
    };
    const saved = await root.request('PUT', '/api/super-admin/industry-templates/restaurant', full);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.template).toMatchObject({ currency: 'USD', receipt_header: 'Trattoria Roma\nVAT 123 456', receipt_footer: 'Grazie!', dining_areas: full.dining_areas });
    expect((await auditRows()).at(-1)!.details).toMatchObject({ dining_areas: 2, dining_tables: 3, receipt_texts: { header: true, footer: true } });

    const owner = await signUp({ industry: 'restaurant' });
    expect((await owner.api.GET('/api/business-branding')).data!.branding).toMatchObject({ receipt_header: 'Trattoria Roma\nVAT 123 456', receipt_footer: 'Grazie!' });
    const plan = (await owner.api.GET('/api/dining/plan')).data!;
    expect(plan.areas.map((area) => area.name)).toEqual(['Inside', 'Terrace']);
    const terrace = plan.areas.find((area) => area.name === 'Terrace')!;
    expect(plan.tables.map((table) => [table.name, table.seats, table.area_id === terrace.id]).sort()).toEqual([
      ['P1', 6, true],
      ['T1', 2, false],
      ['T2', 4, false],
    ]);
    expect(new Set(plan.tables.filter((table) => table.area_id !== terrace.id).map((table) => table.x)).size).toBe(2);

    // A yen business: 6.50 USD is 7 JPY (the amount kept, its decimals dropped, rounded).
    const yen = await signUp({ industry: 'restaurant', currency: 'JPY' });
    expect((await starterOf(yen)).products.map((product) => [product.name, product.price])).toEqual([
      ['Lasagne', 15],
      ['Tap water', 0],
      ['Tomato soup', 7],
    ]);

    const empty = await signUp({ industry: 'restaurant', start_empty: true });
    expect((await empty.api.GET('/api/business-branding')).data!.branding).toMatchObject({ receipt_header: null, receipt_footer: null });
    const emptyId = (await empty.get('/api/me')).body.business.id as string;
    expect(await server.database.withTenant(emptyId, (tx) => tx.select().from(diningAreas).where(eq(diningAreas.businessId, emptyId)))).toEqual([]);

    const mechanics = { enabled_features: { ...firstTime, vehicle_services: true }, categories: [], products: [], inspection_points: ['Brakes', 'Tyres', 'Oil level'] };
    expect((await root.request('PUT', '/api/super-admin/industry-templates/mechanics', mechanics)).status).toBe(200);
    const garage = await signUp({ industry: 'mechanics' });
    expect((await garage.api.GET('/api/workshop/settings')).data!.inspection_points).toEqual(['Brakes', 'Tyres', 'Oil level']);
    const emptyGarage = await signUp({ industry: 'mechanics', start_empty: true });
    const emptyGarageId = (await emptyGarage.get('/api/me')).body.business.id as string;
    expect(await server.database.withTenant(emptyGarageId, (tx) => tx.select().from(workshopSettings).where(eq(workshopSettings.businessId, emptyGarageId)))).toEqual([]);
    // Put mechanics back as it was, for the other tests.
    expect((await root.request('PUT', '/api/super-admin/industry-templates/mechanics', { enabled_features: firstTime, categories: [], products: [] })).status).toBe(200);
  });

  it('refuses a bad table plan, receipt text or checklist with a 400 and keeps the saved template', async () => {
    const before = (await root.get('/api/super-admin/industry-templates')).body.templates[1];
    for (const extra of [
      { dining_areas: [{ name: 'Inside', tables: [] }, { name: 'inside', tables: [] }] },
      { dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 2 }] }, { name: 'Bar', tables: [{ name: 't1', seats: 2 }] }] },
      { dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 0 }] }] },
      { receipt_header: 'x'.repeat(301) },
      { receipt_footer: '1\n2\n3\n4\n5\n6' },
      { inspection_points: [''] },
      { currency: 'XYZ' },
    ]) {
      const res = await root.request('PUT', '/api/super-admin/industry-templates/restaurant', { ...restaurantTemplate, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect((await root.get('/api/super-admin/industry-templates')).body.templates[1]).toEqual(before);
  });

  it("adds only as many sample products as the plan allows (the plan's product limit, enforced on the server)", async () => {
    const [plan] = await server.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isDefault, true));
    await server.database.db.update(subscriptionPlans).set({ maxProducts: 2 }).where(eq(subscriptionPlans.id, plan!.id));
    try {
      const owner = await signUp({ industry: 'restaurant' });
      const products = (await owner.get('/api/products')).body.products as { name: string }[];
      expect(products.map((product) => product.name).sort()).toEqual(['Lasagne', 'Tomato soup']);
      const more = await owner.post('/api/products', { name: 'Bread', price: 300 });
      expect(more.status).toBe(403);
      expect(more.body.error.code).toBe('plan_limit_reached');
    } finally {
      await server.database.db.update(subscriptionPlans).set({ maxProducts: plan!.maxProducts }).where(eq(subscriptionPlans.id, plan!.id));
    }
  });
});
