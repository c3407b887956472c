import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, incidents, platformAuditLog, products } from '../src/db/schema/index.ts';
import { incidentsCsv } from '../src/modules/incidents/list-incidents.ts';
import { ApiClient, okApi, signUpBusiness, startSuperAdminServer, type ApiBody, type TestServer } from './harness.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

const ROOT = 'root-platform@example.com';
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  ({ server, root } = await startSuperAdminServer(ROOT));
});
afterAll(() => server.close());

type NewPlan = ApiBody<'/api/super-admin/plans', 'post'>;

const planBody = (name: string, limits: Partial<NewPlan['limits']> = {}): NewPlan => ({
  name,
  description: `${name} plan`,
  monthly_price: 1900,
  currency: 'EUR',
  limits: { stores: null, registers: null, employees: null, products: null, ...limits },
  features: ['pos_system', 'inventory_management'],
});

async function platformActions(action: string) {
  return server.database.db.select().from(platformAuditLog).where(eq(platformAuditLog.action, action));
}

describe('subscription plans', () => {
  it('shows the active plans to anyone, signed in or not, cheapest first', async () => {
    const visitor = new ApiClient(server.url);
    const { data, response } = await visitor.api.GET('/api/plans');
    expect(response.status).toBe(200);
    const names = data!.plans.map((plan) => plan.name);
    expect(names.slice(0, 3)).toEqual(['Free', 'Starter', 'Pro']);
    const pro = data!.plans.find((plan) => plan.name === 'Pro');
    expect(pro).toMatchObject({ monthly_price: 7900, currency: 'USD', limits: { stores: null, registers: null, employees: null, products: null } });
    expect(pro!.features).toHaveLength(25);
  });

  it('puts a new business on the default plan, without limits, and shows its usage', async () => {
    const shop = await staffBusiness(server);
    await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const { data, response } = await shop.client.api.GET('/api/subscription');
    expect(response.status).toBe(200);
    expect(data!.plan?.name).toBe('Pro');
    expect(data!.usage).toMatchObject({ employees: 1, products: 0, stores: 1 });
  });

  it('lets only a super admin manage plans and assign them (403 for an owner)', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const free = (await client.api.GET('/api/plans')).data!.plans[0]!;
    const path = { params: { path: { id: free.id } } };
    expect((await client.api.GET('/api/super-admin/plans')).response.status).toBe(403);
    expect((await client.api.POST('/api/super-admin/plans', { body: planBody('Sneaky') })).response.status).toBe(403);
    expect((await client.api.PUT('/api/super-admin/plans/{id}', { ...path, body: planBody('Free', { products: 1 }) })).response.status).toBe(403);
    expect((await client.api.DELETE('/api/super-admin/plans/{id}', path)).response.status).toBe(403);
    expect((await client.api.PUT('/api/super-admin/businesses/{id}/plan', { params: { path: { id: businessId } }, body: { plan_id: free.id } })).response.status).toBe(403);
    expect((await client.api.GET('/api/super-admin/businesses')).response.status).toBe(403);
    expect((await new ApiClient(server.url).api.GET('/api/super-admin/plans')).response.status).toBe(400);
    expect((await client.api.GET('/api/plans')).data!.plans.map((plan) => plan.name)).not.toContain('Sneaky');
    expect((await client.api.GET('/api/subscription')).data!.plan?.name).toBe('Pro');
  });

  it('creates, changes and deletes a plan (audited); refuses bad input, a taken name and deleting the default', async () => {
    const created = await root.api.POST('/api/super-admin/plans', { body: planBody('Team', { employees: 5 }) });
    expect(created.response.status).toBe(201);
    expect(created.data!.plan).toMatchObject({ name: 'Team', monthly_price: 1900, currency: 'EUR', limits: { employees: 5, products: null }, is_active: true, is_default: false, businesses: 0 });
    const id = created.data!.plan.id;
    expect((await root.api.POST('/api/super-admin/plans', { body: planBody('team') })).response.status).toBe(409);
    const badPlans: NewPlan[] = [
      { ...planBody('Bad'), monthly_price: -1 },
      { ...planBody('Bad'), monthly_price: 12.5 },
      { ...planBody('Bad'), currency: 'EURO' },
      { ...planBody('Bad'), limits: { stores: -1, registers: null, employees: null, products: null } },
      { ...planBody(''), name: '' },
    ];
    for (const bad of badPlans) {
      const { error, response } = await root.api.POST('/api/super-admin/plans', { body: bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(error?.error.code).toBeTypeOf('string');
    }
    // bad input: the contract refuses an unknown feature and an unknown field
    for (const bad of [
      { ...planBody('Bad'), features: ['teleportation'] },
      { ...planBody('Bad'), extra: true },
    ]) {
      const res = await root.raw('POST', '/api/super-admin/plans', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const path = { params: { path: { id } } };
    const changed = await root.api.PUT('/api/super-admin/plans/{id}', { ...path, body: { ...planBody('Team plus', { employees: 8 }), monthly_price: 2500 } });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.plan).toMatchObject({ name: 'Team plus', monthly_price: 2500, limits: { employees: 8 } });
    expect((await new ApiClient(server.url).api.GET('/api/plans')).data!.plans.map((plan) => plan.name)).toContain('Team plus');

    const admin = (await root.api.GET('/api/super-admin/plans')).data!.plans;
    const pro = admin.find((plan) => plan.name === 'Pro')!;
    const proDelete = await root.api.DELETE('/api/super-admin/plans/{id}', { params: { path: { id: pro.id } } });
    expect(proDelete.response.status).toBe(409);
    expect(proDelete.error?.error.code).toBe('plan_is_default');
    expect((await root.api.DELETE('/api/super-admin/plans/{id}', path)).response.status).toBe(200);
    expect((await root.api.DELETE('/api/super-admin/plans/{id}', path)).response.status).toBe(404);
    expect((await platformActions('plan.created')).some((row) => row.details.plan_id === id)).toBe(true);
    expect((await platformActions('plan.updated')).some((row) => row.details.plan_id === id)).toBe(true);
    expect((await platformActions('plan.deleted')).some((row) => row.details.plan_id === id)).toBe(true);
  });

  it('refuses the employee, product and till past the plan with an upgrade hint, and creates nothing', async () => {
    const shop = await staffBusiness(server, { features: { employee_management: true, inventory_management: true } });
    const { plan } = await okApi(await root.api.POST('/api/super-admin/plans', { body: planBody('Tiny', { employees: 1, products: 2, registers: 0 }) }), 201);
    const onShop = { params: { path: { id: shop.businessId } } };
    const assigned = await root.api.PUT('/api/super-admin/businesses/{id}/plan', { ...onShop, body: { plan_id: plan.id } });
    expect(assigned.response.status).toBe(200);
    expect(assigned.data!.business).toMatchObject({ id: shop.businessId, plan: { id: plan.id, name: 'Tiny' }, on_default_plan: false });
    expect((await platformActions('plan.assigned')).some((row) => row.details.business_id === shop.businessId)).toBe(true);

    await addEmployee(shop.client, { full_name: 'First Hire', role: 'cashier', pin: '2468' });
    const second = await shop.client.api.POST('/api/employees', { body: { full_name: 'Second Hire', role: 'cashier', pin: '1357' } });
    expect(second.response.status).toBe(403);
    expect(second.error?.error).toMatchObject({ code: 'plan_limit_reached', resource: 'employees', limit: 1, plan: 'Tiny' });
    expect(second.error?.error.message).toContain('Your Tiny plan allows 1 employee');
    expect(second.error?.error.message).toContain('Upgrade your plan');
    const staff = await server.database.withTenant(shop.businessId, (tx) => tx.select({ name: employees.fullName }).from(employees).where(eq(employees.businessId, shop.businessId)));
    expect(staff.map((row) => row.name)).not.toContain('Second Hire');

    for (const name of ['Apples', 'Pears']) expect((await shop.client.api.POST('/api/products', { body: { name, price: 100 } })).response.status).toBe(201);
    const third = await shop.client.api.POST('/api/products', { body: { name: 'Plums', price: 100 } });
    expect(third.response.status).toBe(403);
    expect(third.error?.error.code).toBe('plan_limit_reached');
    expect(third.error?.error.message).toContain('2 products');
    const imported = await shop.client.api.POST('/api/products/import', { body: { csv: 'name,price\nPlums,1.00\n' } });
    expect(imported.response.status).toBe(403);
    expect(imported.error?.error.code).toBe('plan_limit_reached');
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select({ name: products.name }).from(products).where(eq(products.businessId, shop.businessId)));
    expect(rows.map((row) => row.name).sort()).toEqual(['Apples', 'Pears']);

    const code = await shop.client.api.POST('/api/registers/pairing-codes');
    expect(code.response.status).toBe(403);
    expect(code.error?.error.message).toContain('0 tills');

    expect((await shop.client.api.GET('/api/subscription')).data).toMatchObject({ plan: { name: 'Tiny', limits: { employees: 1, products: 2, registers: 0 } }, usage: { employees: 1, products: 2, registers: 0 } });

    // Back on an unlimited plan, the same requests go through.
    const pro = (await root.api.GET('/api/super-admin/plans')).data!.plans.find((row) => row.name === 'Pro')!;
    await root.api.PUT('/api/super-admin/businesses/{id}/plan', { ...onShop, body: { plan_id: pro.id } });
    expect((await shop.client.api.POST('/api/products', { body: { name: 'Plums', price: 100 } })).response.status).toBe(201);
    expect((await shop.client.api.POST('/api/employees', { body: { full_name: 'Second Hire', role: 'cashier', pin: '1357' } })).response.status).toBe(201);
  });
});

describe('feature flags', () => {
  const priceLabels = { params: { path: { feature: 'price_labels' as const } } };

  it('are the super admin’s: 403 for an owner, 400 for bad input', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.api.GET('/api/super-admin/feature-flags')).response.status).toBe(403);
    expect((await client.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'off' } })).response.status).toBe(403);
    // bad input: the contract refuses an unknown feature in the path
    expect((await root.raw('PUT', '/api/super-admin/feature-flags/teleportation', { mode: 'off' })).status).toBe(400);
    // bad input: the contract refuses an unknown mode
    expect((await root.raw('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'sometimes' })).status).toBe(400);
    expect((await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'selected' } })).error?.error.code).toBe('businesses_required');
    expect((await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'selected', business_ids: ['00000000-0000-4000-8000-000000000001'] } })).error?.error.code).toBe(
      'business_not_found',
    );
    const flags = (await root.api.GET('/api/super-admin/feature-flags')).data!.flags;
    expect(flags).toHaveLength(25);
    expect(flags.find((flag) => flag.feature === 'price_labels')?.mode).toBe('default');
  });

  it('a feature off everywhere is refused on the server and gone from /api/me, even where the business switched it on', async () => {
    const shop = await signUpBusiness(server, { assignOwner: true });
    const other = await signUpBusiness(server, { assignOwner: true });
    for (const business of [shop, other]) {
      expect((await business.client.api.PATCH('/api/business-settings', { body: { enabled_features: { price_labels: true } } })).response.status).toBe(200);
      expect((await business.client.api.GET('/api/price-labels/queue')).response.status).toBe(200);
    }
    const vehicleServices = { params: { path: { feature: 'vehicle_services' as const } } };
    try {
      expect((await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'off' } })).response.status).toBe(200);
      const refused = await shop.client.api.GET('/api/price-labels/queue');
      expect(refused.response.status).toBe(403);
      expect(refused.error?.error.code).toBe('feature_disabled');
      expect((await shop.client.api.GET('/api/me')).data!.settings!.enabled_features.price_labels).toBe(false);

      // On only for the chosen business: the other one is refused.
      const selected = await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'selected', business_ids: [shop.businessId] } });
      expect(selected.data!.flag).toMatchObject({ feature: 'price_labels', mode: 'selected', businesses: [{ id: shop.businessId, name: 'Corner Shop' }] });
      expect((await shop.client.api.GET('/api/price-labels/queue')).response.status).toBe(200);
      expect((await other.client.api.GET('/api/price-labels/queue')).response.status).toBe(403);

      // On everywhere: a business that left it off gets it.
      expect((await other.client.api.PATCH('/api/business-settings', { body: { enabled_features: { vehicle_services: false } } })).response.status).toBe(200);
      await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...vehicleServices, body: { mode: 'on' } });
      expect((await other.client.api.GET('/api/me')).data!.settings!.enabled_features.vehicle_services).toBe(true);
    } finally {
      await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...priceLabels, body: { mode: 'default' } });
      await root.api.PUT('/api/super-admin/feature-flags/{feature}', { ...vehicleServices, body: { mode: 'default' } });
    }
    expect((await shop.client.api.GET('/api/price-labels/queue')).response.status).toBe(200);
    expect((await platformActions('feature_flag.set')).filter((row) => row.details.feature === 'price_labels').map((row) => row.details.mode)).toEqual(expect.arrayContaining(['off', 'selected', 'default']));
  });
});

type NewIncident = ApiBody<'/api/incidents', 'post'>;
type IncidentQuery = paths['/api/incidents']['get']['parameters']['query'];

const incidentBody = (extra: Partial<NewIncident> = {}): NewIncident => ({
  type: 'breakage',
  severity: 'medium',
  occurred_at: '2026-11-20T10:30:00Z',
  location: 'Aisle 3',
  description: 'A shelf of jars fell over',
  people_involved: 'Cal (cashier), a customer',
  ...extra,
});

describe('incidents', () => {
  it('logs an incident with a follow-up, marks it done, closes it; filters; audited', async () => {
    const shop = await staffBusiness(server);
    const cal = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const owners = (await shop.client.api.GET('/api/incidents/owners')).data!.owners;
    expect(owners.map((owner) => owner.name)).toContain('Cal Cashier');
    const created = await shop.client.api.POST('/api/incidents', { body: incidentBody({ actions: [{ description: 'Fix the shelf bracket', owner_id: cal.employee.id }] }) });
    expect(created.response.status).toBe(201);
    const incident = created.data!.incident;
    expect(incident).toMatchObject({ type: 'breakage', severity: 'medium', status: 'open', location: 'Aisle 3', occurred_at: '2026-11-20T10:30:00.000Z' });
    expect(incident.actions).toEqual([expect.objectContaining({ description: 'Fix the shelf bracket', owner: { id: cal.employee.id, name: 'Cal Cashier' }, done: false })]);

    const complaint = await shop.client.api.POST('/api/incidents', {
      body: incidentBody({ type: 'complaint', severity: 'high', description: 'Rude answer at the till', location: null, occurred_at: '2026-11-22T09:00:00+01:00' }),
    });
    expect(complaint.response.status).toBe(201);

    const onIncident = { params: { path: { id: incident.id } } };
    const added = await shop.client.api.POST('/api/incidents/{id}/actions', { ...onIncident, body: { description: 'Call the customer back' } });
    expect(added.response.status).toBe(201);
    expect(added.data!.incident.actions).toHaveLength(2);
    const done = await shop.client.api.PATCH('/api/incidents/{id}/actions/{actionId}', { params: { path: { id: incident.id, actionId: incident.actions[0]!.id } }, body: { done: true } });
    expect(done.data!.incident.actions[0]).toMatchObject({ done: true, done_at: expect.any(String) });
    const closed = await shop.client.api.PATCH('/api/incidents/{id}', { ...onIncident, body: { status: 'closed', severity: 'low' } });
    expect(closed.data!.incident).toMatchObject({ status: 'closed', severity: 'low', closed_at: expect.any(String) });

    const list = async (query: NonNullable<IncidentQuery> = {}) => (await shop.client.api.GET('/api/incidents', { params: { query } })).data!.incidents;
    expect((await list()).map((row) => row.description)).toEqual(['Rude answer at the till', 'A shelf of jars fell over']);
    expect((await list({ status: 'open' })).map((row) => row.type)).toEqual(['complaint']);
    expect(await list({ type: 'breakage', status: 'closed' })).toHaveLength(1);
    expect(await list({ from: '2026-11-21T00:00:00Z' })).toHaveLength(1);

    const removed = await shop.client.api.DELETE('/api/incidents/{id}/actions/{actionId}', { params: { path: { id: incident.id, actionId: added.data!.incident.actions[1]!.id } } });
    expect(removed.data!.incident.actions).toHaveLength(1);

    const actions = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['incident.created', 'incident.action_added', 'incident.action_changed', 'incident.closed', 'incident.action_removed']));
  });

  it('an employee on a till logs one too', async () => {
    const shop = await staffBusiness(server);
    const cal = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const token = await pinSignIn(shop.client, cal.employee.id, '2468');
    const till = await tillOf(shop.client);
    const res = await till.api.POST('/api/incidents', { body: incidentBody({ type: 'accident', description: 'Slipped on a wet floor' }), headers: as(token) });
    expect(res.response.status).toBe(201);
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(incidents).where(eq(incidents.id, res.data!.incident.id)));
    expect(row!.createdByEmployeeId).toBe(cal.employee.id);
  });

  it('refuses bad input and changes nothing', async () => {
    const shop = await staffBusiness(server);
    for (const bad of [
      incidentBody({ occurred_at: 'yesterday' }),
      incidentBody({ occurred_at: '0000-01-01T00:00:00.000Z' }),
      incidentBody({ description: '   ' }),
      incidentBody({ description: 'x'.repeat(4001) }),
      incidentBody({ actions: [{ description: '' }] }),
      incidentBody({ actions: [{ description: 'Call', owner_id: 'not-a-uuid' }] }),
    ]) {
      const { error, response } = await shop.client.api.POST('/api/incidents', { body: bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(error?.error.code).toBeTypeOf('string');
    }
    // bad input: the contract refuses an unknown type or severity and an unknown field
    for (const bad of [{ ...incidentBody(), type: 'flood' }, { ...incidentBody(), severity: 'extreme' }, { ...incidentBody(), unknown: 1 }]) {
      const res = await shop.client.raw('POST', '/api/incidents', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const unknownOwner = await shop.client.api.POST('/api/incidents', { body: incidentBody({ actions: [{ description: 'Call', owner_id: '00000000-0000-4000-8000-000000000001' }] }) });
    expect(unknownOwner.response.status).toBe(422);
    // bad input: the contract refuses an unknown status filter
    expect((await shop.client.raw('GET', '/api/incidents?status=maybe')).status).toBe(400);
    expect((await shop.client.api.GET('/api/incidents')).data!.incidents).toEqual([]);
  });

  it("cannot read or change another business's incident, nor give an action to its employee", async () => {
    const mine = await staffBusiness(server);
    const theirs = await staffBusiness(server);
    const theirEmployee = await addEmployee(theirs.client, { full_name: 'Their Hire', role: 'cashier', pin: '2468' });
    const their = (await okApi(await theirs.client.api.POST('/api/incidents', { body: incidentBody({ actions: [{ description: 'Their action' }] }) }), 201)).incident;
    const own = (await okApi(await mine.client.api.POST('/api/incidents', { body: incidentBody() }), 201)).incident;
    const onTheirs = { params: { path: { id: their.id } } };
    const theirAction = their.actions[0]!.id;
    expect((await mine.client.api.GET('/api/incidents/{id}', onTheirs)).response.status).toBe(404);
    expect((await mine.client.api.PATCH('/api/incidents/{id}', { ...onTheirs, body: { status: 'closed' } })).response.status).toBe(404);
    expect((await mine.client.api.POST('/api/incidents/{id}/actions', { ...onTheirs, body: { description: 'Mine now' } })).response.status).toBe(404);
    expect((await mine.client.api.PATCH('/api/incidents/{id}/actions/{actionId}', { params: { path: { id: their.id, actionId: theirAction } }, body: { done: true } })).response.status).toBe(404);
    expect((await mine.client.api.PATCH('/api/incidents/{id}/actions/{actionId}', { params: { path: { id: own.id, actionId: theirAction } }, body: { done: true } })).response.status).toBe(404);
    expect(
      (await mine.client.api.POST('/api/incidents/{id}/actions', { params: { path: { id: own.id } }, body: { description: 'Ask them', owner_id: theirEmployee.employee.id } })).response.status,
    ).toBe(422);
    const untouched = (await theirs.client.api.GET('/api/incidents/{id}', onTheirs)).data!.incident;
    expect(untouched).toMatchObject({ status: 'open', actions: [expect.objectContaining({ done: false })] });
  });

  it('exports the filtered incidents as CSV, quoting text a spreadsheet would run', async () => {
    const shop = await staffBusiness(server);
    await shop.client.api.POST('/api/incidents', { body: incidentBody({ description: '=HYPERLINK("http://evil")', location: 'Back, "store" room' }) });
    await shop.client.api.POST('/api/incidents', { body: incidentBody({ type: 'theft', description: 'Two bottles gone', occurred_at: '2026-11-21T08:00:00Z' }) });
    const { data, response } = await shop.client.api.GET('/api/incidents/export.csv', { params: { query: { type: 'breakage' } }, parseAs: 'text' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = data!;
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('occurred_at,type,severity,status,location,description,people_involved,follow_up_actions,open_actions,closed_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Back, ""store"" room"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toContain('Two bottles gone');
  });

  it('writes RFC 4180 CSV: commas, quotes and line breaks quoted; formulas guarded', () => {
    const base = { id: 'x', severity: 'low', occurred_at: '2026-01-01T00:00:00.000Z', status: 'open', closed_at: null, created_at: '', updated_at: '', people_involved: null } as const;
    const csv = incidentsCsv([
      { ...base, photos: [], type: 'other', location: '+1 555', description: 'Line one\nline two', actions: [{ id: 'a', description: 'Check', owner: { id: 'e', name: 'Cal' }, done: true, done_at: null }, { id: 'b', description: '@sum', owner: null, done: false, done_at: null }] },
    ]);
    const [, row] = csv.split('\r\n');
    expect(row).toBe(`2026-01-01T00:00:00.000Z,Other,Low,open,'+1 555,"Line one\nline two",,"[done] Check (Cal)\n[open] @sum",1,`);
  });
});

describe('back office', () => {
  it('counts what needs attention: low stock, unpaid supplier invoices, open tasks and incidents', async () => {
    const shop = await staffBusiness(server, { features: { employee_management: true, inventory_management: true, purchase_orders: true } });
    const stocked: ApiBody<'/api/products', 'post'>[] = [
      { name: 'Milk', price: 100, track_stock: true, initial_stock: 1, low_stock_threshold: 5 },
      { name: 'Bread', price: 100, track_stock: true, initial_stock: 50, low_stock_threshold: 5 },
    ];
    for (const product of stocked) {
      expect((await shop.client.api.POST('/api/products', { body: product })).response.status).toBe(201);
    }
    expect((await shop.client.api.POST('/api/tasks', { body: { title: 'Count the safe' } })).response.status).toBe(201);
    await shop.client.api.POST('/api/incidents', { body: incidentBody() });
    const closed = (await okApi(await shop.client.api.POST('/api/incidents', { body: incidentBody() }), 201)).incident;
    await shop.client.api.PATCH('/api/incidents/{id}', { params: { path: { id: closed.id } }, body: { status: 'closed' } });
    const res = await shop.client.api.GET('/api/back-office/summary');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      low_stock_products: { count: 1, more: false },
      unpaid_supplier_invoices: { count: 0, more: false },
      open_tasks: { count: 1, more: false },
      open_incidents: { count: 1, more: false },
    });

    // Without the purchasing feature there is no count to show.
    await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { purchase_orders: false } } });
    expect((await shop.client.api.GET('/api/back-office/summary')).data!.unpaid_supplier_invoices).toBeNull();
    expect((await new ApiClient(server.url).api.GET('/api/back-office/summary')).response.status).toBe(400);
  });
});

// The platform audit rows name the super admin.
describe('platform audit', () => {
  it('names who changed the platform', async () => {
    const rootId = (await root.api.GET('/api/me')).data!.user!.id;
    const rows = await server.database.db.select().from(platformAuditLog).where(and(eq(platformAuditLog.action, 'plan.created')));
    expect(rows.every((row) => row.actorUserId === rootId)).toBe(true);
  });
});
