import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employeeSessions, employees } from '../src/db/schema/index.ts';
import { ApiClient, okApi, startTestServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, staffOfEveryRole, type StaffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const auditOf = (businessId: string) =>
  server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).orderBy(auditLog.createdAt));
const employeeRow = (businessId: string, id: string) =>
  server.database.withTenant(businessId, async (tx) => (await tx.select().from(employees).where(eq(employees.id, id)))[0]!);

describe('who may manage employees (SPEC §6 page employees, admin flags; settings)', () => {
  let shop: StaffBusiness;
  let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Role Matrix' });
    staff = await staffOfEveryRole(server, shop);
  });

  // list, create, edit, setup code, deactivate, settings
  const Y = true;
  const N = false;
  const matrix: [string, boolean[]][] = [
    ['owner', [Y, Y, Y, Y, Y, Y]],
    ['ownerPin', [Y, Y, Y, Y, Y, Y]],
    ['adminAll', [Y, Y, Y, Y, Y, Y]],
    ['adminNone', [N, N, N, N, N, N]],
    ['adminAdd', [Y, Y, Y, Y, N, N]],
    ['adminKick', [Y, N, N, N, Y, N]],
    ['manager', [N, N, N, N, N, N]],
    ['cashier', [N, N, N, N, N, N]],
    ['kitchen', [N, N, N, N, N, N]],
  ];

  it.each(matrix)('%s', async (actor, allowed) => {
    const headers = staff.headersOf(actor);
    const target = await addEmployee(shop.client, { full_name: `Target of ${actor}`, role: 'cashier' });
    const id = target.employee.id;
    const calls = [
      () => shop.client.api.GET('/api/employees', { headers }),
      () => shop.client.api.POST('/api/employees', { body: { full_name: `New by ${actor}`, role: 'kitchen' }, headers }),
      () => shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id } }, body: { full_name: `Renamed by ${actor}` }, headers }),
      () => shop.client.api.POST('/api/employees/{id}/setup-code', { params: { path: { id } }, headers }),
      () => shop.client.api.POST('/api/employees/{id}/deactivate', { params: { path: { id } }, headers }),
      () => shop.client.api.PATCH('/api/business-settings', { body: { business_name: 'Role Matrix' }, headers }),
    ];
    const statuses = [];
    for (const call of calls) statuses.push((await call()).response.status);
    expect(statuses.map((status) => status < 300)).toEqual(allowed);
    for (const status of statuses) expect([200, 201, 403]).toContain(status);
  });

  it('answers 403 feature_disabled while employee_management is off, for the owner too', async () => {
    await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_management: false } } });
    try {
      const res = await shop.client.api.GET('/api/employees');
      expect(res.response.status).toBe(403);
      expect(res.error?.error.code).toBe('feature_disabled');
    } finally {
      await shop.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_management: true } } });
    }
  });
});

describe('adding and editing employees', () => {
  let shop: StaffBusiness;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Edits' });
  });

  it('never shows a PIN, its hash or its lookup in any answer', async () => {
    const bodies: string[] = [];
    /** Keeps each answer's body as sent: its data, or its error. */
    const record = <R extends { data?: unknown; error?: unknown }>(res: R): R => {
      bodies.push(JSON.stringify(res.data ?? res.error ?? null));
      return res;
    };
    const created = record(await shop.client.api.POST('/api/employees', { body: { full_name: 'Pat Pin', role: 'cashier', pin: '482913' } }));
    expect(created.response.status).toBe(201);
    const id = created.data!.employee.id;
    record(await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id } }, body: { pin: '482914' } }));
    record(await shop.client.api.GET('/api/employees'));
    record(await (await tillOf(shop.client)).api.GET('/api/employee-login/employees'));
    const signIn = record(await (await tillOf(shop.client)).api.POST('/api/employee-sessions', { body: { employee_id: id, pin: '482914' } }));
    record(await shop.client.api.GET('/api/employee-sessions/current', { headers: as(signIn.data!.token) }));
    record(await (await tillOf(shop.client)).api.POST('/api/employee-sessions', { body: { employee_id: id, pin: '482913' } }));
    record(await shop.client.api.POST('/api/employees/{id}/deactivate', { params: { path: { id } } }));

    const row = await employeeRow(shop.businessId, id);
    const audit = JSON.stringify(await auditOf(shop.businessId));
    for (const text of [...bodies, audit]) {
      expect(text).not.toMatch(/"pin"|pin_hash|pin_lookup|pinHash|pinLookup|482913|482914/);
      expect(text).not.toContain('scrypt$');
    }
    expect(bodies.join('')).toContain('"has_pin":true');
    expect(row.pinHash).toBeNull();
  });

  it('stores the PIN as salted scrypt: two equal PINs in two businesses hash differently', async () => {
    const other = await staffBusiness(server, { businessName: 'Other Shop' });
    const a = await addEmployee(shop.client, { full_name: 'Same Pin A', role: 'cashier', pin: '246810' });
    const b = await addEmployee(other.client, { full_name: 'Same Pin B', role: 'cashier', pin: '246810' });
    const rowA = await employeeRow(shop.businessId, a.employee.id);
    const rowB = await employeeRow(other.businessId, b.employee.id);
    expect(rowA.pinHash).toMatch(/^scrypt\$/);
    expect(rowA.pinHash).not.toBe(rowB.pinHash);
  });

  it('answers alike for a PIN another employee uses and a free one, on add and on edit (no PIN oracle)', async () => {
    await addEmployee(shop.client, { full_name: 'First', role: 'cashier', pin: '1357' });
    const taken = await shop.client.api.POST('/api/employees', { body: { full_name: 'Second', role: 'kitchen', pin: '1357' } });
    const free = await shop.client.api.POST('/api/employees', { body: { full_name: 'Third', role: 'kitchen', pin: '1358' } });
    expect(taken.response.status).toBe(201);
    expect(free.response.status).toBe(201);
    expect(Object.keys(taken.data!).sort()).toEqual(Object.keys(free.data!).sort());
    const freeId = free.data!.employee.id;
    const editTaken = await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id: freeId } }, body: { pin: '1357' } });
    const editFree = await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id: freeId } }, body: { pin: '9753' } });
    expect(editTaken.response.status).toBe(200);
    expect(editFree.response.status).toBe(200);
    // Two employees sharing a PIN each sign in as themselves: the name picked before the PIN pad decides.
    const takenId = taken.data!.employee.id;
    const first = await (await tillOf(shop.client)).api.POST('/api/employee-sessions', { body: { employee_id: takenId, pin: '1357' } });
    expect(first.response.status).toBe(201);
    expect(first.data!.session.employee_id).toBe(takenId);
  });

  it('makes the owner and admins use a 6-digit PIN (422 pin_too_short), other roles 4 to 6', async () => {
    const admin = await shop.client.api.POST('/api/employees', { body: { full_name: 'Short Admin', role: 'admin', pin: '1234' } });
    expect(admin.response.status).toBe(422);
    expect(admin.error?.error.code).toBe('pin_too_short');
    expect((await shop.client.api.POST('/api/employees', { body: { full_name: 'Long Admin', role: 'admin', pin: '123456' } })).response.status).toBe(201);
    const cashier = await addEmployee(shop.client, { full_name: 'Promoted', role: 'cashier', pin: '4321' });
    const path = { id: cashier.employee.id };
    const promoted = await shop.client.api.PATCH('/api/employees/{id}', { params: { path }, body: { role: 'admin', pin: '4321' } });
    expect(promoted.response.status).toBe(422);
    expect(promoted.error?.error.code).toBe('pin_too_short');
    expect((await shop.client.api.PATCH('/api/employees/{id}', { params: { path }, body: { role: 'admin', pin: '432100' } })).response.status).toBe(200);
  });

  it.each(['123', '1234567', '12a4', ' 1234', ''])('refuses the PIN %j with a 400', async (pin) => {
    const res = await shop.client.api.POST('/api/employees', { body: { full_name: 'Bad Pin', role: 'cashier', pin } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('validation_error');
  });

  it('refuses unknown fields, a business_owner role and admin flags on a non-admin', async () => {
    // bad input: the contract has no salary field
    expect((await shop.client.raw('POST', '/api/employees', { full_name: 'X', role: 'cashier', salary: 1 })).status).toBe(400);
    // bad input: the contract's roles leave out business_owner
    expect((await shop.client.raw('POST', '/api/employees', { full_name: 'X', role: 'business_owner' })).status).toBe(400);
    const flags = await shop.client.api.POST('/api/employees', { body: { full_name: 'X', role: 'cashier', admin_permissions: { can_add_products: true } } });
    expect(flags.response.status).toBe(400);
    expect(flags.error?.error.code).toBe('admin_permissions_need_admin_role');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = { path: { id: 'not-a-uuid' } };
    expect((await shop.client.api.PATCH('/api/employees/{id}', { params: malformed, body: { full_name: 'X' } })).response.status).toBe(400);
    expect((await shop.client.api.POST('/api/employees/{id}/deactivate', { params: malformed })).response.status).toBe(400);
    const missing = await shop.client.api.PATCH('/api/employees/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
      body: { full_name: 'X' },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('employee_not_found');
  });

  it('edits role and flags, and writes the permission change with before and after to audit_log', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Riley', role: 'cashier', permissions: { can_apply_discounts: true } });
    const res = await shop.client.api.PATCH('/api/employees/{id}', {
      params: { path: { id: employee.id } },
      body: {
        role: 'admin',
        admin_permissions: { can_view_reports: true },
        permissions: { can_process_refunds: true },
      },
    });
    expect(res.response.status).toBe(200);
    expect(res.data!.employee.role).toBe('admin');
    expect(res.data!.employee.permissions).toMatchObject({ can_apply_discounts: true, can_process_refunds: true, can_access_reports: false });
    expect(res.data!.employee.admin_permissions).toMatchObject({ can_view_reports: true, can_add_employees: false });

    const back = await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id: employee.id } }, body: { role: 'manager' } });
    expect(back.data!.employee.admin_permissions).toBeNull();

    const changes = (await auditOf(shop.businessId)).filter(
      (row) => row.action === 'employee.permissions_changed' && row.details.employee_id === employee.id,
    );
    expect(changes).toHaveLength(2);
    expect(changes[0]!.actorUserId).toBe(shop.userId);
    expect(changes[0]!.details).toMatchObject({
      role: { from: 'cashier', to: 'admin' },
      permissions: { from: { can_process_refunds: false }, to: { can_process_refunds: true } },
      admin_permissions: { from: null, to: { can_view_reports: true } },
    });
    expect(changes[1]!.details).toMatchObject({ role: { from: 'admin', to: 'manager' }, admin_permissions: { to: null } });
  });

  it('keeps the business owner: not deactivated, not demoted, permissions untouched', async () => {
    const owner = { path: { id: shop.ownerEmployeeId } };
    const deactivate = await shop.client.api.POST('/api/employees/{id}/deactivate', { params: owner });
    expect(deactivate.response.status).toBe(409);
    expect(deactivate.error?.error.code).toBe('owner_protected');
    const demote = await shop.client.api.PATCH('/api/employees/{id}', { params: owner, body: { role: 'cashier' } });
    expect(demote.response.status).toBe(409);
    expect(demote.error?.error.code).toBe('owner_protected');
    const flags = await shop.client.api.PATCH('/api/employees/{id}', { params: owner, body: { permissions: { can_access_reports: false } } });
    expect(flags.response.status).toBe(409);
    const row = await employeeRow(shop.businessId, shop.ownerEmployeeId);
    expect(row).toMatchObject({ role: 'business_owner', isActive: true });
    expect(Object.values(row.permissions)).toEqual([true, true, true, true, true, true]);
    // The owner's own name and PIN may change.
    expect((await shop.client.api.PATCH('/api/employees/{id}', { params: owner, body: { full_name: 'Ann B. Lee', pin: '975310' } })).response.status).toBe(200);
  });

  it('lets an admin neither grant flags they lack nor take over the owner or a stronger admin', async () => {
    const adder = await addEmployee(shop.client, { full_name: 'Adder', role: 'admin', admin_permissions: { can_add_employees: true }, pin: '771100' });
    const strong = await addEmployee(shop.client, {
      full_name: 'Strong',
      role: 'admin',
      admin_permissions: { can_add_employees: true, can_change_settings: true },
    });
    const token = await pinSignIn(shop.client, adder.employee.id, '771100');
    const headers = as(token);

    const grant = await shop.client.api.POST('/api/employees', {
      body: { full_name: 'Sneaky', role: 'admin', admin_permissions: { can_change_settings: true } },
      headers,
    });
    expect(grant.response.status).toBe(403);
    const selfGrant = await shop.client.api.PATCH('/api/employees/{id}', {
      params: { path: { id: adder.employee.id } },
      body: { admin_permissions: { can_kick_employees: true } },
      headers,
    });
    expect(selfGrant.response.status).toBe(403);
    const owner = { path: { id: shop.ownerEmployeeId } };
    const ownerPin = await shop.client.api.PATCH('/api/employees/{id}', { params: owner, body: { pin: '555111' }, headers });
    expect(ownerPin.response.status).toBe(403);
    expect((await shop.client.api.POST('/api/employees/{id}/setup-code', { params: owner, headers })).response.status).toBe(403);
    expect(
      (await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id: strong.employee.id } }, body: { pin: '555112' }, headers })).response.status,
    ).toBe(403);
    // Within their own flags they may.
    const peer = await shop.client.api.POST('/api/employees', {
      body: { full_name: 'Peer', role: 'admin', admin_permissions: { can_add_employees: true } },
      headers,
    });
    expect(peer.response.status).toBe(201);
    expect(peer.data!.employee.admin_permissions?.can_add_employees).toBe(true);
  });
});

describe('one-time setup codes (/employee-setup)', () => {
  let shop: StaffBusiness;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Setup Shop' });
  });

  it('gives a code when added without a PIN; the code sets the PIN once, then sign-in works', async () => {
    const { employee, setup_code } = await addEmployee(shop.client, { full_name: 'Sam Setup', role: 'cashier' });
    expect(setup_code!.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const hours = (Date.parse(setup_code!.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const row = await employeeRow(shop.businessId, employee.id);
    expect(JSON.stringify(row)).not.toContain(setup_code!.code.replace(/-/g, ''));

    // The public page: no account, no cookie.
    const anonymous = new ApiClient(server.url);
    const lowerCase = setup_code!.code.toLowerCase();
    const set = await anonymous.api.POST('/api/employee-setup', { body: { code: lowerCase, pin: '8080' } });
    expect(set.response.status).toBe(200);
    expect(set.data).toEqual({ ok: true, full_name: 'Sam Setup' });
    const again = await anonymous.api.POST('/api/employee-setup', { body: { code: setup_code!.code, pin: '8081' } });
    expect(again.response.status).toBe(400);
    expect(again.error?.error.code).toBe('invalid_setup_code');
    expect(await pinSignIn(shop.client, employee.id, '8080')).toContain('.');
  });

  it('a new code replaces the old one; an expired code is refused', async () => {
    const { employee, setup_code } = await addEmployee(shop.client, { full_name: 'Rita Reset', role: 'kitchen' });
    const fresh = await shop.client.api.POST('/api/employees/{id}/setup-code', { params: { path: { id: employee.id } } });
    expect(fresh.response.status).toBe(201);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.api.POST('/api/employee-setup', { body: { code: setup_code!.code, pin: '7070' } })).response.status).toBe(400);

    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(employees).set({ setupCodeExpiresAt: new Date(Date.now() - 1000) }).where(eq(employees.id, employee.id)),
    );
    const expired = await anonymous.api.POST('/api/employee-setup', { body: { code: fresh.data!.setup_code.code, pin: '7070' } });
    expect(expired.response.status).toBe(400);
    expect(expired.error?.error.code).toBe('invalid_setup_code');
  });

  it('answers alike for a PIN already used in the business and a free one (no PIN oracle through the public setup page)', async () => {
    await addEmployee(shop.client, { full_name: 'Has 6060', role: 'cashier', pin: '6060' });
    const { setup_code: takenCode } = await addEmployee(shop.client, { full_name: 'Wants 6060', role: 'cashier' });
    const { setup_code: freeCode } = await addEmployee(shop.client, { full_name: 'Wants 6061', role: 'cashier' });
    const anonymous = new ApiClient(server.url);
    const taken = await anonymous.api.POST('/api/employee-setup', { body: { code: takenCode!.code, pin: '6060' } });
    const free = await anonymous.api.POST('/api/employee-setup', { body: { code: freeCode!.code, pin: '6061' } });
    expect(taken.response.status).toBe(200);
    expect(free.response.status).toBe(200);
    expect(Object.keys(taken.data!).sort()).toEqual(Object.keys(free.data!).sort());
    // The code is spent either way.
    expect((await anonymous.api.POST('/api/employee-setup', { body: { code: takenCode!.code, pin: '6062' } })).response.status).toBe(400);
  });

  it('limits attempts per client address with 429 rate_limited', async () => {
    const { setup_code } = await addEmployee(shop.client, { full_name: 'Late Larry', role: 'cashier' });
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.api.POST('/api/employee-setup', { body: { code: 'WRONG-CODE-0000', pin: '1212' } })).response.status).toBe(400);
    // Use up the rest of this address's window (the default limit) without 50 round trips.
    for (let i = 0; i < 60; i += 1) await server.services.signInLimits.perAddress.hit('setup:127.0.0.1');
    try {
      const limited = await anonymous.api.POST('/api/employee-setup', { body: { code: setup_code!.code, pin: '1212' } });
      expect(limited.response.status).toBe(429);
      expect(limited.error?.error.code).toBe('rate_limited');
    } finally {
      await server.services.signInLimits.perAddress.reset('setup:127.0.0.1');
    }
    expect((await anonymous.api.POST('/api/employee-setup', { body: { code: setup_code!.code, pin: '1212' } })).response.status).toBe(200);
  });
});

describe('deactivation (can_kick_employees)', () => {
  it('ends the employee’s live sessions at once and hides them from the sign-in picker', async () => {
    const shop = await staffBusiness(server, { businessName: 'Kick Shop' });
    const { employee } = await addEmployee(shop.client, { full_name: 'Kit Kicked', role: 'cashier', pin: '3141' });
    const tillA = await pinSignIn(shop.client, employee.id, '3141');
    const tillB = await pinSignIn(shop.client, employee.id, '3141');
    expect((await shop.client.api.GET('/api/employee-sessions/current', { headers: as(tillA) })).response.status).toBe(200);

    const res = await shop.client.api.POST('/api/employees/{id}/deactivate', { params: { path: { id: employee.id } } });
    expect(res.response.status).toBe(200);
    expect(res.data!.employee).toMatchObject({ is_active: false, has_pin: false });

    for (const token of [tillA, tillB]) {
      const refused = await shop.client.api.GET('/api/employee-sessions/current', { headers: as(token) });
      expect(refused.response.status).toBe(401);
      expect(refused.error?.error.code).toBe('employee_session_expired');
    }
    const sessions = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(employeeSessions).where(eq(employeeSessions.employeeId, employee.id)),
    );
    expect(sessions.map((s) => [s.isActive, s.sessionEnd !== null])).toEqual([
      [false, true],
      [false, true],
    ]);
    const picker = await (await tillOf(shop.client)).api.GET('/api/employee-login/employees');
    expect(picker.data!.employees.map((e) => e.id)).not.toContain(employee.id);
    const signIn = await (await tillOf(shop.client)).api.POST('/api/employee-sessions', { body: { employee_id: employee.id, pin: '3141' } });
    expect(signIn.response.status).toBe(401);
    expect((await auditOf(shop.businessId)).map((row) => row.action)).toContain('employee.deactivated');
  });
});

describe('lists', () => {
  it('pages the employee list by name with a cursor; the picker lists active employees only', async () => {
    const shop = await staffBusiness(server, { businessName: 'List Shop' });
    for (const name of ['Dora', 'Cleo', 'Bea', 'Eve']) await addEmployee(shop.client, { full_name: name, role: 'cashier' });
    const first = await okApi(await shop.client.api.GET('/api/employees', { params: { query: { limit: 2 } } }), 200);
    expect(first.employees.map((e) => e.full_name)).toEqual(['Ann Lee', 'Bea']);
    const second = await okApi(await shop.client.api.GET('/api/employees', { params: { query: { limit: 2, cursor: first.next_cursor! } } }), 200);
    expect(second.employees.map((e) => e.full_name)).toEqual(['Cleo', 'Dora']);
    const third = await okApi(await shop.client.api.GET('/api/employees', { params: { query: { limit: 2, cursor: second.next_cursor! } } }), 200);
    expect(third).toMatchObject({ next_cursor: null });
    expect(third.employees.map((e) => e.full_name)).toEqual(['Eve']);
    expect((await shop.client.api.GET('/api/employees', { params: { query: { cursor: 'nonsense' } } })).error?.error.code).toBe('invalid_cursor');
    expect((await shop.client.api.GET('/api/employees', { params: { query: { limit: 0 } } })).response.status).toBe(400);

    const picker = await (await tillOf(shop.client)).api.GET('/api/employee-login/employees');
    expect(picker.response.status).toBe(200);
    expect(picker.data!.employees[0]).toEqual({ id: shop.ownerEmployeeId, full_name: 'Ann Lee', role: 'business_owner', has_pin: false });
    expect(picker.data!.employees).toHaveLength(5);
  });
});
