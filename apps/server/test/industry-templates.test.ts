import { eq } from 'drizzle-orm';
import { defaultEnabledFeatures } from '@till/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningAreas, industryTemplates, platformAuditLog, subscriptionPlans, workshopSettings } from '../src/db/schema/index.ts';
import { ApiClient, okApi, signUpBusiness, startSuperAdminServer, STRONG_PASSWORD, type ApiBody, type TestServer, uniqueEmail } from './harness.ts';

const ROOT = 'root-templates@example.com';
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  ({ server, root } = await startSuperAdminServer(ROOT));
});
afterAll(() => server.close());

const firstTime = defaultEnabledFeatures({ firstTimeSetup: true });

type Template = ApiBody<'/api/super-admin/industry-templates/{industry}', 'put'>;
type Industry = 'retail' | 'restaurant' | 'mechanics';

const saveTemplate = (client: ApiClient, industry: Industry, body: Template) =>
  client.api.PUT('/api/super-admin/industry-templates/{industry}', { params: { path: { industry } }, body });
const templatesOf = async (client: ApiClient) => (await okApi(await client.api.GET('/api/super-admin/industry-templates'), 200)).templates;

const restaurantTemplate: Template = {
  enabled_features: { ...firstTime, kitchen_display: true, time_tracking: true, loyalty_program: false },
  categories: ['Starters', 'Mains', 'Drinks'],
  products: [
    { name: 'Tomato soup', price: 650, category: 'Starters' },
    { name: 'Lasagne', price: 1450, category: 'mains' },
    { name: 'Tap water', price: 0, category: null },
  ],
};

async function signUp(body: ApiBody<'/api/auth/sign-up', 'post'>) {
  const client = new ApiClient(server.url);
  const res = await client.api.POST('/api/auth/sign-up', { body: { email: uniqueEmail(), password: STRONG_PASSWORD, business_name: 'Trattoria', full_name: 'Rosa Neri', ...body } });
  expect(res.response.status).toBe(201);
  expect((await client.api.POST('/api/business/owner', { body: { full_name: 'Rosa Neri' } })).response.status).toBe(201);
  return client;
}

async function starterOf(client: ApiClient) {
  const categories = (await client.api.GET('/api/categories')).data!.categories;
  const products = (await okApi(await client.api.GET('/api/products'), 200)).products;
  const features = (await okApi(await client.api.GET('/api/me'), 200)).settings!.enabled_features;
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
    const res = await root.api.GET('/api/super-admin/industry-templates');
    expect(res.response.status).toBe(200);
    expect(res.data!.templates.map((template) => template.industry)).toEqual(['retail', 'restaurant', 'mechanics']);
    for (const template of res.data!.templates) expect(template).toMatchObject({ enabled_features: firstTime, categories: [], products: [], updated_at: null });
    const { client } = await signUpBusiness(server, { industry: 'mechanics', assignOwner: true });
    expect(await starterOf(client)).toEqual({ categories: [], products: [], features: firstTime });
  });

  it("applies the saved restaurant template at a restaurant's sign-up: its categories in order, its products, its features (audited)", async () => {
    const saved = await saveTemplate(root, 'restaurant', restaurantTemplate);
    expect(saved.response.status).toBe(200);
    expect(saved.data!.template).toMatchObject({ industry: 'restaurant', categories: ['Starters', 'Mains', 'Drinks'], products: restaurantTemplate.products });
    expect(saved.data!.template.updated_at).not.toBeNull();
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
    expect((await owner.api.GET('/api/kitchen/tickets')).response.status).not.toBe(403);

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
    expect((await client.api.GET('/api/super-admin/industry-templates')).response.status).toBe(403);
    expect((await saveTemplate(client, 'retail', { ...restaurantTemplate })).response.status).toBe(403);
    expect((await saveTemplate(new ApiClient(server.url), 'retail', { ...restaurantTemplate })).response.status).toBe(400);
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
      // bad input: the table mixes templates the contract refuses (a null category list, missing features, an unknown field), so untyped
      const res = await root.raw('PUT', '/api/super-admin/industry-templates/restaurant', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
      if (message) expect(JSON.stringify(res.body.error)).toContain(message.replaceAll('"', '\\"'));
    }
    // bad path: the contract knows only retail, restaurant and mechanics
    expect((await root.raw('PUT', '/api/super-admin/industry-templates/bakery', restaurantTemplate)).status).toBe(400);
    const restaurant = (await templatesOf(root))[1]!;
    expect(restaurant.categories).toEqual(['Starters', 'Mains', 'Drinks']);
    expect(await auditRows()).toHaveLength(1);
  });

  it('carries receipt texts, a table plan and an inspection checklist, applied at sign-up, prices in the business currency; start empty applies none', async () => {
    const full: Template = {
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
    const saved = await saveTemplate(root, 'restaurant', full);
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.data!.template).toMatchObject({ currency: 'USD', receipt_header: 'Trattoria Roma\nVAT 123 456', receipt_footer: 'Grazie!', dining_areas: full.dining_areas });
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
    const emptyId = (await okApi(await empty.api.GET('/api/me'), 200)).business!.id;
    expect(await server.database.withTenant(emptyId, (tx) => tx.select().from(diningAreas).where(eq(diningAreas.businessId, emptyId)))).toEqual([]);

    const mechanics: Template = { enabled_features: { ...firstTime, vehicle_services: true }, categories: [], products: [], inspection_points: ['Brakes', 'Tyres', 'Oil level'] };
    expect((await saveTemplate(root, 'mechanics', mechanics)).response.status).toBe(200);
    const garage = await signUp({ industry: 'mechanics' });
    expect((await garage.api.GET('/api/workshop/settings')).data!.inspection_points).toEqual(['Brakes', 'Tyres', 'Oil level']);
    const emptyGarage = await signUp({ industry: 'mechanics', start_empty: true });
    const emptyGarageId = (await okApi(await emptyGarage.api.GET('/api/me'), 200)).business!.id;
    expect(await server.database.withTenant(emptyGarageId, (tx) => tx.select().from(workshopSettings).where(eq(workshopSettings.businessId, emptyGarageId)))).toEqual([]);
    // Put mechanics back as it was, for the other tests.
    expect((await saveTemplate(root, 'mechanics', { enabled_features: firstTime, categories: [], products: [] })).response.status).toBe(200);
  });

  it('refuses a bad table plan, receipt text or checklist with a 400 and keeps the saved template', async () => {
    const before = (await templatesOf(root))[1];
    const extras: Partial<Template>[] = [
      { dining_areas: [{ name: 'Inside', tables: [] }, { name: 'inside', tables: [] }] },
      { dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 2 }] }, { name: 'Bar', tables: [{ name: 't1', seats: 2 }] }] },
      { dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 0 }] }] },
      { receipt_header: 'x'.repeat(301) },
      { receipt_footer: '1\n2\n3\n4\n5\n6' },
      { inspection_points: [''] },
      { currency: 'XYZ' },
    ];
    for (const extra of extras) {
      const res = await saveTemplate(root, 'restaurant', { ...restaurantTemplate, ...extra });
      expect(res.response.status, JSON.stringify(extra)).toBe(400);
    }
    expect((await templatesOf(root))[1]).toEqual(before);
  });

  it("adds only as many sample products as the plan allows (the plan's product limit, enforced on the server)", async () => {
    const [plan] = await server.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isDefault, true));
    await server.database.db.update(subscriptionPlans).set({ maxProducts: 2 }).where(eq(subscriptionPlans.id, plan!.id));
    try {
      const owner = await signUp({ industry: 'restaurant' });
      const products = (await okApi(await owner.api.GET('/api/products'), 200)).products;
      expect(products.map((product) => product.name).sort()).toEqual(['Lasagne', 'Tomato soup']);
      const more = await owner.api.POST('/api/products', { body: { name: 'Bread', price: 300 } });
      expect(more.response.status).toBe(403);
      expect(more.error?.error.code).toBe('plan_limit_reached');
    } finally {
      await server.database.db.update(subscriptionPlans).set({ maxProducts: plan!.maxProducts }).where(eq(subscriptionPlans.id, plan!.id));
    }
  });
});
