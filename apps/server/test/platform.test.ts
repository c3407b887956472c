import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, incidents, platformAuditLog, products } from '../src/db/schema/index.ts';
import { incidentsCsv } from '../src/modules/incidents/list-incidents.ts';
import { ApiClient, signUpBusiness, startSuperAdminServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

const ROOT = 'root-platform@example.com';
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  ({ server, root } = await startSuperAdminServer(ROOT));
});
afterAll(() => server.close());

const planBody = (name: string, limits: Partial<Record<'stores' | 'registers' | 'employees' | 'products', number | null>> = {}) => ({
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
    const res = await visitor.get('/api/plans');
    expect(res.status).toBe(200);
    const names = res.body.plans.map((plan: { name: string }) => plan.name);
    expect(names.slice(0, 3)).toEqual(['Free', 'Starter', 'Pro']);
    const pro = res.body.plans.find((plan: { name: string }) => plan.name === 'Pro');
    expect(pro).toMatchObject({ monthly_price: 7900, currency: 'USD', limits: { stores: null, registers: null, employees: null, products: null } });
    expect(pro.features).toHaveLength(25);
  });

  it('puts a new business on the default plan, without limits, and shows its usage', async () => {
    const shop = await staffBusiness(server);
    await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const res = await shop.client.get('/api/subscription');
    expect(res.status).toBe(200);
    expect(res.body.plan.name).toBe('Pro');
    expect(res.body.usage).toMatchObject({ employees: 1, products: 0, stores: 1 });
  });

  it('lets only a super admin manage plans and assign them (403 for an owner)', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const free = (await client.get('/api/plans')).body.plans[0];
    expect((await client.get('/api/super-admin/plans')).status).toBe(403);
    expect((await client.post('/api/super-admin/plans', planBody('Sneaky'))).status).toBe(403);
    expect((await client.request('PUT', `/api/super-admin/plans/${free.id}`, planBody('Free', { products: 1 }))).status).toBe(403);
    expect((await client.request('DELETE', `/api/super-admin/plans/${free.id}`)).status).toBe(403);
    expect((await client.request('PUT', `/api/super-admin/businesses/${businessId}/plan`, { plan_id: free.id })).status).toBe(403);
    expect((await client.get('/api/super-admin/businesses')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/super-admin/plans')).status).toBe(400);
    expect((await client.get('/api/plans')).body.plans.map((plan: { name: string }) => plan.name)).not.toContain('Sneaky');
    expect((await client.get('/api/subscription')).body.plan.name).toBe('Pro');
  });

  it('creates, changes and deletes a plan (audited); refuses bad input, a taken name and deleting the default', async () => {
    const created = await root.post('/api/super-admin/plans', planBody('Team', { employees: 5 }));
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({ name: 'Team', monthly_price: 1900, currency: 'EUR', limits: { employees: 5, products: null }, is_active: true, is_default: false, businesses: 0 });
    const id = created.body.plan.id;
    expect((await root.post('/api/super-admin/plans', planBody('team'))).status).toBe(409);
    for (const bad of [
      { ...planBody('Bad'), monthly_price: -1 },
      { ...planBody('Bad'), monthly_price: 12.5 },
      { ...planBody('Bad'), currency: 'EURO' },
      { ...planBody('Bad'), limits: { stores: -1, registers: null, employees: null, products: null } },
      { ...planBody('Bad'), features: ['teleportation'] },
      { ...planBody(''), name: '' },
      { ...planBody('Bad'), extra: true },
    ]) {
      const res = await root.post('/api/super-admin/plans', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const changed = await root.request('PUT', `/api/super-admin/plans/${id}`, { ...planBody('Team plus', { employees: 8 }), monthly_price: 2500 });
    expect(changed.status).toBe(200);
    expect(changed.body.plan).toMatchObject({ name: 'Team plus', monthly_price: 2500, limits: { employees: 8 } });
    expect((await new ApiClient(server.url).get('/api/plans')).body.plans.map((plan: { name: string }) => plan.name)).toContain('Team plus');

    const admin = (await root.get('/api/super-admin/plans')).body.plans;
    const pro = admin.find((plan: { name: string }) => plan.name === 'Pro');
    const proDelete = await root.request('DELETE', `/api/super-admin/plans/${pro.id}`);
    expect(proDelete.status).toBe(409);
    expect(proDelete.body.error.code).toBe('plan_is_default');
    expect((await root.request('DELETE', `/api/super-admin/plans/${id}`)).status).toBe(200);
    expect((await root.request('DELETE', `/api/super-admin/plans/${id}`)).status).toBe(404);
    expect((await platformActions('plan.created')).some((row) => row.details.plan_id === id)).toBe(true);
    expect((await platformActions('plan.updated')).some((row) => row.details.plan_id === id)).toBe(true);
    expect((await platformActions('plan.deleted')).some((row) => row.details.plan_id === id)).toBe(true);
  });

  it('refuses the employee, product and till past the plan with an upgrade hint, and creates nothing', async () => {
    const shop = await staffBusiness(server, { features: { employee_management: true, inventory_management: true } });
    const plan = (await root.post('/api/super-admin/plans', planBody('Tiny', { employees: 1, products: 2, registers: 0 }))).body.plan;
    const assigned = await root.request('PUT', `/api/super-admin/businesses/${shop.businessId}/plan`, { plan_id: plan.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.business).toMatchObject({ id: shop.businessId, plan: { id: plan.id, name: 'Tiny' }, on_default_plan: false });
    expect((await platformActions('plan.assigned')).some((row) => row.details.business_id === shop.businessId)).toBe(true);

    await addEmployee(shop.client, { full_name: 'First Hire', role: 'cashier', pin: '2468' });
    const second = await shop.client.post('/api/employees', { full_name: 'Second Hire', role: 'cashier', pin: '1357' });
    expect(second.status).toBe(403);
    expect(second.body.error).toMatchObject({ code: 'plan_limit_reached', resource: 'employees', limit: 1, plan: 'Tiny' });
    expect(second.body.error.message).toContain('Your Tiny plan allows 1 employee');
    expect(second.body.error.message).toContain('Upgrade your plan');
    const staff = await server.database.withTenant(shop.businessId, (tx) => tx.select({ name: employees.fullName }).from(employees).where(eq(employees.businessId, shop.businessId)));
    expect(staff.map((row) => row.name)).not.toContain('Second Hire');

    for (const name of ['Apples', 'Pears']) expect((await shop.client.post('/api/products', { name, price: 100 })).status).toBe(201);
    const third = await shop.client.post('/api/products', { name: 'Plums', price: 100 });
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe('plan_limit_reached');
    expect(third.body.error.message).toContain('2 products');
    const imported = await shop.client.post('/api/products/import', { csv: 'name,price\nPlums,1.00\n' });
    expect(imported.status).toBe(403);
    expect(imported.body.error.code).toBe('plan_limit_reached');
    const rows = await server.database.withTenant(shop.businessId, (tx) => tx.select({ name: products.name }).from(products).where(eq(products.businessId, shop.businessId)));
    expect(rows.map((row) => row.name).sort()).toEqual(['Apples', 'Pears']);

    const code = await shop.client.post('/api/registers/pairing-codes');
    expect(code.status).toBe(403);
    expect(code.body.error.message).toContain('0 tills');

    expect((await shop.client.get('/api/subscription')).body).toMatchObject({ plan: { name: 'Tiny', limits: { employees: 1, products: 2, registers: 0 } }, usage: { employees: 1, products: 2, registers: 0 } });

    // Back on an unlimited plan, the same requests go through.
    const pro = (await root.get('/api/super-admin/plans')).body.plans.find((row: { name: string }) => row.name === 'Pro');
    await root.request('PUT', `/api/super-admin/businesses/${shop.businessId}/plan`, { plan_id: pro.id });
    expect((await shop.client.post('/api/products', { name: 'Plums', price: 100 })).status).toBe(201);
    expect((await shop.client.post('/api/employees', { full_name: 'Second Hire', role: 'cashier', pin: '1357' })).status).toBe(201);
  });
});

describe('feature flags', () => {
  it('are the super admin’s: 403 for an owner, 400 for bad input', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    expect((await client.get('/api/super-admin/feature-flags')).status).toBe(403);
    expect((await client.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'off' })).status).toBe(403);
    expect((await root.request('PUT', '/api/super-admin/feature-flags/teleportation', { mode: 'off' })).status).toBe(400);
    expect((await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'sometimes' })).status).toBe(400);
    expect((await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'selected' })).body.error.code).toBe('businesses_required');
    expect((await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'selected', business_ids: ['00000000-0000-4000-8000-000000000001'] })).body.error.code).toBe('business_not_found');
    const flags = (await root.get('/api/super-admin/feature-flags')).body.flags;
    expect(flags).toHaveLength(25);
    expect(flags.find((flag: { feature: string }) => flag.feature === 'price_labels').mode).toBe('default');
  });

  it('a feature off everywhere is refused on the server and gone from /api/me, even where the business switched it on', async () => {
    const shop = await signUpBusiness(server, { assignOwner: true });
    const other = await signUpBusiness(server, { assignOwner: true });
    for (const business of [shop, other]) {
      expect((await business.client.request('PATCH', '/api/business-settings', { enabled_features: { price_labels: true } })).status).toBe(200);
      expect((await business.client.get('/api/price-labels/queue')).status).toBe(200);
    }
    try {
      expect((await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'off' })).status).toBe(200);
      const refused = await shop.client.get('/api/price-labels/queue');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('feature_disabled');
      expect((await shop.client.get('/api/me')).body.settings.enabled_features.price_labels).toBe(false);

      // On only for the chosen business: the other one is refused.
      const selected = await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'selected', business_ids: [shop.businessId] });
      expect(selected.body.flag).toMatchObject({ feature: 'price_labels', mode: 'selected', businesses: [{ id: shop.businessId, name: 'Corner Shop' }] });
      expect((await shop.client.get('/api/price-labels/queue')).status).toBe(200);
      expect((await other.client.get('/api/price-labels/queue')).status).toBe(403);

      // On everywhere: a business that left it off gets it.
      expect((await other.client.request('PATCH', '/api/business-settings', { enabled_features: { vehicle_services: false } })).status).toBe(200);
      await root.request('PUT', '/api/super-admin/feature-flags/vehicle_services', { mode: 'on' });
      expect((await other.client.get('/api/me')).body.settings.enabled_features.vehicle_services).toBe(true);
    } finally {
      await root.request('PUT', '/api/super-admin/feature-flags/price_labels', { mode: 'default' });
      await root.request('PUT', '/api/super-admin/feature-flags/vehicle_services', { mode: 'default' });
    }
    expect((await shop.client.get('/api/price-labels/queue')).status).toBe(200);
    expect((await platformActions('feature_flag.set')).filter((row) => row.details.feature === 'price_labels').map((row) => row.details.mode)).toEqual(expect.arrayContaining(['off', 'selected', 'default']));
  });
});

const incidentBody = (extra: Record<string, unknown> = {}) => ({
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
    const owners = (await shop.client.get('/api/incidents/owners')).body.owners;
    expect(owners.map((owner: { name: string }) => owner.name)).toContain('Cal Cashier');
    const created = await shop.client.post('/api/incidents', incidentBody({ actions: [{ description: 'Fix the shelf bracket', owner_id: cal.employee.id }] }));
    expect(created.status).toBe(201);
    const incident = created.body.incident;
    expect(incident).toMatchObject({ type: 'breakage', severity: 'medium', status: 'open', location: 'Aisle 3', occurred_at: '2026-11-20T10:30:00.000Z' });
    expect(incident.actions).toEqual([expect.objectContaining({ description: 'Fix the shelf bracket', owner: { id: cal.employee.id, name: 'Cal Cashier' }, done: false })]);

    const complaint = await shop.client.post('/api/incidents', incidentBody({ type: 'complaint', severity: 'high', description: 'Rude answer at the till', location: null, occurred_at: '2026-11-22T09:00:00+01:00' }));
    expect(complaint.status).toBe(201);

    const added = await shop.client.post(`/api/incidents/${incident.id}/actions`, { description: 'Call the customer back' });
    expect(added.status).toBe(201);
    expect(added.body.incident.actions).toHaveLength(2);
    const done = await shop.client.request('PATCH', `/api/incidents/${incident.id}/actions/${incident.actions[0].id}`, { done: true });
    expect(done.body.incident.actions[0]).toMatchObject({ done: true, done_at: expect.any(String) });
    const closed = await shop.client.request('PATCH', `/api/incidents/${incident.id}`, { status: 'closed', severity: 'low' });
    expect(closed.body.incident).toMatchObject({ status: 'closed', severity: 'low', closed_at: expect.any(String) });

    expect((await shop.client.get('/api/incidents')).body.incidents.map((row: { description: string }) => row.description)).toEqual(['Rude answer at the till', 'A shelf of jars fell over']);
    expect((await shop.client.get('/api/incidents?status=open')).body.incidents.map((row: { type: string }) => row.type)).toEqual(['complaint']);
    expect((await shop.client.get('/api/incidents?type=breakage&status=closed')).body.incidents).toHaveLength(1);
    expect((await shop.client.get('/api/incidents?from=2026-11-21T00:00:00Z')).body.incidents).toHaveLength(1);

    const removed = await shop.client.request('DELETE', `/api/incidents/${incident.id}/actions/${added.body.incident.actions[1].id}`);
    expect(removed.body.incident.actions).toHaveLength(1);

    const actions = await server.database.withTenant(shop.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, shop.businessId)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['incident.created', 'incident.action_added', 'incident.action_changed', 'incident.closed', 'incident.action_removed']));
  });

  it('an employee on a till logs one too', async () => {
    const shop = await staffBusiness(server);
    const cal = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const token = await pinSignIn(shop.client, cal.employee.id, '2468');
    const till = await tillOf(shop.client);
    const res = await till.request('POST', '/api/incidents', incidentBody({ type: 'accident', description: 'Slipped on a wet floor' }), as(token));
    expect(res.status).toBe(201);
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(incidents).where(eq(incidents.id, res.body.incident.id)));
    expect(row!.createdByEmployeeId).toBe(cal.employee.id);
  });

  it('refuses bad input and changes nothing', async () => {
    const shop = await staffBusiness(server);
    for (const bad of [
      incidentBody({ type: 'flood' }),
      incidentBody({ severity: 'extreme' }),
      incidentBody({ occurred_at: 'yesterday' }),
      incidentBody({ occurred_at: '0000-01-01T00:00:00.000Z' }),
      incidentBody({ description: '   ' }),
      incidentBody({ description: 'x'.repeat(4001) }),
      incidentBody({ actions: [{ description: '' }] }),
      incidentBody({ actions: [{ description: 'Call', owner_id: 'not-a-uuid' }] }),
      incidentBody({ unknown: 1 }),
    ]) {
      const res = await shop.client.post('/api/incidents', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const unknownOwner = await shop.client.post('/api/incidents', incidentBody({ actions: [{ description: 'Call', owner_id: '00000000-0000-4000-8000-000000000001' }] }));
    expect(unknownOwner.status).toBe(422);
    expect((await shop.client.get('/api/incidents?status=maybe')).status).toBe(400);
    expect((await shop.client.get('/api/incidents')).body.incidents).toEqual([]);
  });

  it("cannot read or change another business's incident, nor give an action to its employee", async () => {
    const mine = await staffBusiness(server);
    const theirs = await staffBusiness(server);
    const theirEmployee = await addEmployee(theirs.client, { full_name: 'Their Hire', role: 'cashier', pin: '2468' });
    const their = (await theirs.client.post('/api/incidents', incidentBody({ actions: [{ description: 'Their action' }] }))).body.incident;
    const own = (await mine.client.post('/api/incidents', incidentBody())).body.incident;
    expect((await mine.client.get(`/api/incidents/${their.id}`)).status).toBe(404);
    expect((await mine.client.request('PATCH', `/api/incidents/${their.id}`, { status: 'closed' })).status).toBe(404);
    expect((await mine.client.post(`/api/incidents/${their.id}/actions`, { description: 'Mine now' })).status).toBe(404);
    expect((await mine.client.request('PATCH', `/api/incidents/${their.id}/actions/${their.actions[0].id}`, { done: true })).status).toBe(404);
    expect((await mine.client.request('PATCH', `/api/incidents/${own.id}/actions/${their.actions[0].id}`, { done: true })).status).toBe(404);
    expect((await mine.client.post(`/api/incidents/${own.id}/actions`, { description: 'Ask them', owner_id: theirEmployee.employee.id })).status).toBe(422);
    const untouched = (await theirs.client.get(`/api/incidents/${their.id}`)).body.incident;
    expect(untouched).toMatchObject({ status: 'open', actions: [expect.objectContaining({ done: false })] });
  });

  it('exports the filtered incidents as CSV, quoting text a spreadsheet would run', async () => {
    const shop = await staffBusiness(server);
    await shop.client.post('/api/incidents', incidentBody({ description: '=HYPERLINK("http://evil")', location: 'Back, "store" room' }));
    await shop.client.post('/api/incidents', incidentBody({ type: 'theft', description: 'Two bottles gone', occurred_at: '2026-11-21T08:00:00Z' }));
    const res = await fetch(`${server.url}/api/incidents/export.csv?type=breakage`, { headers: { cookie: shop.client.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
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
    for (const product of [
      { name: 'Milk', price: 100, track_stock: true, initial_stock: 1, low_stock_threshold: 5 },
      { name: 'Bread', price: 100, track_stock: true, initial_stock: 50, low_stock_threshold: 5 },
    ]) {
      expect((await shop.client.post('/api/products', product)).status).toBe(201);
    }
    expect((await shop.client.post('/api/tasks', { title: 'Count the safe' })).status).toBe(201);
    await shop.client.post('/api/incidents', incidentBody());
    const closed = (await shop.client.post('/api/incidents', incidentBody())).body.incident;
    await shop.client.request('PATCH', `/api/incidents/${closed.id}`, { status: 'closed' });
    const res = await shop.client.get('/api/back-office/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      low_stock_products: { count: 1, more: false },
      unpaid_supplier_invoices: { count: 0, more: false },
      open_tasks: { count: 1, more: false },
      open_incidents: { count: 1, more: false },
    });

    // Without the purchasing feature there is no count to show.
    await shop.client.request('PATCH', '/api/business-settings', { enabled_features: { purchase_orders: false } });
    expect((await shop.client.get('/api/back-office/summary')).body.unpaid_supplier_invoices).toBeNull();
    expect((await new ApiClient(server.url).get('/api/back-office/summary')).status).toBe(400);
  });
});

// The platform audit rows name the super admin.
describe('platform audit', () => {
  it('names who changed the platform', async () => {
    const rootId = (await root.get('/api/me')).body.user.id;
    const rows = await server.database.db.select().from(platformAuditLog).where(and(eq(platformAuditLog.action, 'plan.created')));
    expect(rows.every((row) => row.actorUserId === rootId)).toBe(true);
  });
});
