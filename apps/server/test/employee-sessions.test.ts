import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employeePinAttempts, employeeSessions, timeClock, registerPinStates } from '../src/db/schema/index.ts';
import { describeEmployeeSession } from '../src/modules/employee-sessions/describe-employee-session.ts';
import { type ApiBody, type ApiClient, okApi, startTestServer, type TestServer, STRONG_PASSWORD } from './harness.ts';
import { addEmployee, as, pinSignIn, sessionIdOf, staffBusiness, type StaffBusiness, tillOf, pairTill } from './staff-helpers.ts';

let server: TestServer;
let shop: StaffBusiness;
beforeAll(async () => {
  server = await startTestServer();
  shop = await staffBusiness(server, { businessName: 'Session Shop' });
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const current = (token: string) => shop.client.api.GET('/api/employee-sessions/current', { headers: as(token) });
/** PIN sign-in on a till. */
const signIn = (till: ApiClient, body: ApiBody<'/api/employee-sessions', 'post'>) => till.api.POST('/api/employee-sessions', { body });
const sessionRows = (employeeId: string) =>
  server.database.withTenant(shop.businessId, (tx) => tx.select().from(employeeSessions).where(eq(employeeSessions.employeeId, employeeId)));
const setSessionCreatedAt = (token: string, createdAt: Date) =>
  server.database.withTenant(shop.businessId, (tx) =>
    tx.update(employeeSessions).set({ createdAt }).where(eq(employeeSessions.id, sessionIdOf(token))),
  );

describe('PIN sign-in (SPEC §3, §4)', () => {
  it('returns a signed token and the SPEC §3 session fields; each sign-in gets its own token', async () => {
    const { employee } = await addEmployee(shop.client, {
      full_name: 'Cora Cashier',
      role: 'cashier',
      pin: '2468',
      permissions: { can_apply_discounts: true },
    });
    const before = Date.now();
    const res = await signIn(await tillOf(shop.client), { employee_id: employee.id, pin: '2468' });
    expect(res.response.status).toBe(201);
    const body = res.data!;
    expect(Object.keys(body).sort()).toEqual(['session', 'token']);
    expect(body.token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(body.session).toEqual({
      employee_id: employee.id,
      employee_name: 'Cora Cashier',
      employee_role: 'cashier',
      permissions: {
        can_access_reports: false,
        can_apply_discounts: true,
        can_process_refunds: false,
        can_manage_inventory: false,
        can_manage_employees: false,
        can_access_settings: false,
      },
      login_time: expect.any(String),
      admin_permissions: expect.objectContaining({ can_change_settings: false }),
    });
    expect(Date.parse(body.session.login_time)).toBeGreaterThanOrEqual(before - 1000);

    const second = await pinSignIn(shop.client, employee.id, '2468');
    expect(second).not.toBe(body.token);
    expect((await current(body.token)).data!.session).toEqual(body.session);
    expect((await current(second)).data!.session.employee_id).toBe(employee.id);
    expect((await sessionRows(employee.id)).every((row) => row.isActive && row.sessionEnd === null)).toBe(true);
  });

  it('answers a wrong PIN and an unknown employee alike', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Wes Wrong', role: 'kitchen', pin: '1122' });
    const wrong = await signIn(await tillOf(shop.client), { employee_id: employee.id, pin: '1123' });
    const unknown = await signIn(await tillOf(shop.client), { employee_id: '00000000-0000-4000-8000-000000000000', pin: '1122' });
    const noPinYet = await addEmployee(shop.client, { full_name: 'Nia NoPin', role: 'kitchen' });
    const withoutPin = await signIn(await tillOf(shop.client), { employee_id: noPinYet.employee.id, pin: '1122' });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error).toEqual({ error: { code: 'invalid_pin', message: expect.any(String) } });
    expect(unknown.error).toEqual(wrong.error);
    expect(withoutPin.error).toEqual(wrong.error);
    expect(unknown.response.status).toBe(401);
  });

  it('refuses malformed input with 400 before looking at any PIN', async () => {
    const till = await tillOf(shop.client);
    expect((await signIn(till, { employee_id: 'nope', pin: '1234' })).response.status).toBe(400);
    expect((await signIn(till, { employee_id: shop.ownerEmployeeId, pin: '12' })).response.status).toBe(400);
    // bad input: the contract has no remember field
    expect((await till.raw('POST', '/api/employee-sessions', { employee_id: shop.ownerEmployeeId, pin: '1234', remember: true })).status).toBe(400);
  });

  it('locks PIN sign-in after 5 wrong PINs: the 6th is refused with the right PIN, until the lock expires', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Lou Locked', role: 'cashier', pin: '5150' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await signIn(await tillOf(shop.client), { employee_id: employee.id, pin: '0000' });
      expect([attempt, res.response.status, res.error?.error.code]).toEqual([attempt, 401, 'invalid_pin']);
    }
    const sixth = await signIn(await tillOf(shop.client), { employee_id: employee.id, pin: '5150' });
    expect(sixth.response.status).toBe(429);
    expect(sixth.error?.error.code).toBe('pin_locked');
    expect(sixth.error?.error.retry_after_seconds).toBeGreaterThan(240);
    expect(sixth.error?.error.retry_after_seconds).toBeLessThanOrEqual(300);

    const locks = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'employee.pin_locked')),
    );
    expect(locks.map((row) => row.details.employee_id)).toContain(employee.id);
    // The manager's list shows the lock.
    const listed = (await okApi(await shop.client.api.GET('/api/employees', { params: { query: { limit: 200 } } }), 200)).employees.find((e) => e.id === employee.id);
    expect(listed!.pin_locked_until).not.toBeNull();

    // The lock is this till's: a guesser at one till does not lock the employee out of the others.
    const otherTill = await pairTill(shop.client, 'Other till');
    expect((await signIn(otherTill, { employee_id: employee.id, pin: '5150' })).response.status).toBe(201);

    // Five minutes later (moved back rather than waited for) the right PIN works on the first till again.
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.update(registerPinStates).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(registerPinStates.employeeId, employee.id)),
    );
    expect((await signIn(await tillOf(shop.client), { employee_id: employee.id, pin: '5150' })).response.status).toBe(201);
  });

  it('gives each till 30 wrong PINs an hour: past them that till refuses even a right PIN, other tills do not', async () => {
    const busy = await staffBusiness(server, { businessName: 'Till Cap Shop' });
    const { employee } = await addEmployee(busy.client, { full_name: 'Tom Till', role: 'cashier', pin: '3131' });
    const guessed = await pairTill(busy.client, 'Guessed');
    // 29 wrong PINs typed on this till in the last hour (as from other processes), then one more.
    const registerId = (await okApi(await guessed.api.GET('/api/me'), 200)).till!.id;
    await server.database.withTenant(busy.businessId, (tx) =>
      tx.insert(employeePinAttempts).values(Array.from({ length: 29 }, (_, i) => ({ businessId: busy.businessId, registerId, attemptedAt: new Date(Date.now() - 40 * 60_000 + i * 1000) }))),
    );
    expect((await signIn(guessed, { employee_id: employee.id, pin: '0000' })).response.status).toBe(401);
    const refused = await signIn(guessed, { employee_id: employee.id, pin: '3131' });
    expect(refused.response.status).toBe(429);
    expect(refused.error?.error).toMatchObject({ code: 'till_locked', step_up: 'owner_password' });
    const elsewhere = await pairTill(busy.client, 'Elsewhere');
    expect((await signIn(elsewhere, { employee_id: employee.id, pin: '3131' })).response.status).toBe(201);
    // The owner's password on the till lets the right PIN through.
    const stepUp = await signIn(guessed, { employee_id: employee.id, pin: '3131', owner_password: STRONG_PASSWORD });
    expect(stepUp.response.status).toBe(201);
  });

  it('counts wrong PINs in a row: a success starts the count again', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Rae Reset', role: 'cashier', pin: '7788' });
    const attempt = async (pin: string) => (await signIn(await tillOf(shop.client), { employee_id: employee.id, pin })).response;
    for (let i = 0; i < 4; i += 1) expect((await attempt('0001')).status).toBe(401);
    expect((await attempt('7788')).status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await attempt('0001')).status).toBe(401);
    expect((await attempt('7788')).status).toBe(201);
  });

  it('allows a business 100 wrong PINs an hour, counted in the database, then 429 rate_limited even for a right PIN', async () => {
    const limited = await staffBusiness(server, { businessName: 'Busy Shop' });
    const { employee } = await addEmployee(limited.client, { full_name: 'Bo Busy', role: 'cashier', pin: '4242' });
    const attempt = async (pin: string) => signIn(await tillOf(limited.client), { employee_id: employee.id, pin });
    const now = Date.now();
    // 99 wrong PINs from other processes during the last hour, and an old one that no longer counts.
    await server.database.withTenant(limited.businessId, (tx) =>
      tx.insert(employeePinAttempts).values([
        ...Array.from({ length: 99 }, (_, i) => ({ businessId: limited.businessId, attemptedAt: new Date(now - 50 * 60_000 + i * 1000) })),
        { businessId: limited.businessId, attemptedAt: new Date(now - 2 * HOUR) },
      ]),
    );
    // Signing in successfully does not use up the allowance: a busy till signs in all day.
    expect((await attempt('4242')).response.status).toBe(201);
    expect((await attempt('4242')).response.status).toBe(201);
    expect((await attempt('0000')).response.status).toBe(401);
    const refused = await attempt('4242');
    expect(refused.response.status).toBe(429);
    expect(refused.error?.error.code).toBe('rate_limited');
    // The oldest counted attempt leaves the window in about 10 minutes.
    expect(refused.error?.error.retry_after_seconds).toBeGreaterThan(8 * 60);
    expect(refused.error?.error.retry_after_seconds).toBeLessThanOrEqual(10 * 60 + 1);
    // The business-wide cap has a step-up: the owner's password lets the right PIN through, a wrong one does not.
    expect(refused.error?.error.step_up).toBe('owner_password');
    const wrongPassword = await signIn(await tillOf(limited.client), { employee_id: employee.id, pin: '4242', owner_password: 'not the password' });
    expect(wrongPassword.response.status).toBe(401);
    expect(wrongPassword.error?.error.code).toBe('invalid_owner_password');
    const withPassword = await signIn(await tillOf(limited.client), { employee_id: employee.id, pin: '4242', owner_password: STRONG_PASSWORD });
    expect(withPassword.response.status).toBe(201);
    // Another business is not affected.
    expect((await signIn(await tillOf(shop.client), { employee_id: shop.ownerEmployeeId, pin: '9999' })).response.status).toBe(401);
  });
});

describe('session tokens', () => {
  let employeeId: string;
  let token: string;
  beforeAll(async () => {
    ({ employee: { id: employeeId } } = await addEmployee(shop.client, { full_name: 'Tia Token', role: 'manager', pin: '3030' }));
    token = await pinSignIn(shop.client, employeeId, '3030');
  });

  it.each([
    ['a changed signature', (t: string) => t.slice(0, -2) + (t.endsWith('AA') ? 'BB' : 'AA')],
    ['another session id with this signature', (t: string) => `00000000-0000-4000-8000-000000000000.${t.split('.')[1]}`],
    ['no signature', (t: string) => sessionIdOf(t)],
    ['garbage', () => 'not a token at all'],
  ])('refuses %s with 401 employee_session_expired', async (_name, tamper) => {
    const res = await current(tamper(token));
    expect(res.response.status).toBe(401);
    expect(res.error?.error.code).toBe('employee_session_expired');
  });

  it('is useless with another business’s account', async () => {
    const other = await staffBusiness(server, { businessName: 'Elsewhere' });
    const res = await other.client.api.GET('/api/employee-sessions/current', { headers: as(token) });
    expect(res.response.status).toBe(401);
  });

  it('is discarded once more than 8 hours old (SPEC §4, §9)', async () => {
    const aged = await pinSignIn(shop.client, employeeId, '3030');
    await setSessionCreatedAt(aged, new Date(Date.now() - 8 * HOUR + 60_000));
    expect((await current(aged)).response.status).toBe(200);
    await setSessionCreatedAt(aged, new Date(Date.now() - 8 * HOUR - 1000));
    const res = await current(aged);
    expect(res.response.status).toBe(401);
    expect(res.error?.error.code).toBe('employee_session_expired');
    // The expired session no longer acts either.
    expect((await shop.client.api.GET('/api/time-clock/on-shift', { headers: as(aged) })).response.status).toBe(401);
  });

  it('takes a role change into account on the next request', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Pia Promoted', role: 'cashier', pin: '6543' });
    const cashierToken = await pinSignIn(shop.client, employee.id, '6543');
    expect((await shop.client.api.GET('/api/employees', { headers: as(cashierToken) })).response.status).toBe(403);
    await shop.client.api.PATCH('/api/employees/{id}', { params: { path: { id: employee.id } }, body: { role: 'admin', admin_permissions: { can_add_employees: true } } });
    expect((await shop.client.api.GET('/api/employees', { headers: as(cashierToken) })).response.status).toBe(200);
    expect((await current(cashierToken)).data!.session.employee_role).toBe('admin');
  });

  it('answers 401 employee_session_required where a session is needed and none is sent', async () => {
    for (const path of ['/api/employee-sessions/end-shift', '/api/employee-sessions/sign-out'] as const) {
      const res = await shop.client.api.POST(path);
      expect([path, res.response.status, res.error?.error.code]).toEqual([path, 401, 'employee_session_required']);
    }
    const res = await shop.client.api.GET('/api/employee-sessions/current');
    expect(res.response.status).toBe(401);
    expect(res.error?.error.code).toBe('employee_session_required');
  });

  it('describeEmployeeSession gives /api/me the SPEC §3 fields of a live token, else null', async () => {
    const live = await pinSignIn(shop.client, employeeId, '3030');
    const described = await describeEmployeeSession(server.services, shop.businessId, live);
    expect(described).toEqual({
      employee_id: employeeId,
      employee_name: 'Tia Token',
      employee_role: 'manager',
      permissions: expect.objectContaining({ can_access_reports: false }),
      login_time: expect.any(String),
      admin_permissions: expect.objectContaining({ can_add_employees: false }),
    });
    const other = await staffBusiness(server, { businessName: 'Not Mine' });
    expect(await describeEmployeeSession(server.services, other.businessId, live)).toBeNull();
    expect(await describeEmployeeSession(server.services, shop.businessId, live + 'x')).toBeNull();
    await shop.client.api.POST('/api/employee-sessions/sign-out', { headers: as(live) });
    expect(await describeEmployeeSession(server.services, shop.businessId, live)).toBeNull();
  });
});

describe('ending a session (SPEC §4)', () => {
  it('sign-out ends only this session', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Sid Shared', role: 'cashier', pin: '8642' });
    const tillA = await pinSignIn(shop.client, employee.id, '8642');
    const tillB = await pinSignIn(shop.client, employee.id, '8642');
    const res = await shop.client.api.POST('/api/employee-sessions/sign-out', { headers: as(tillA) });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ ok: true });
    expect((await current(tillA)).response.status).toBe(401);
    expect((await current(tillB)).response.status).toBe(200);
  });

  it('end-shift ends every session of the employee and closes the open entry: 10 h with a 30 min break is 9.5 h, 1.5 h overtime', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Eli Endshift', role: 'cashier', pin: '1470' });
    const other = await addEmployee(shop.client, { full_name: 'Ola Other', role: 'cashier', pin: '1471' });
    const tillA = await pinSignIn(shop.client, employee.id, '1470');
    const tillB = await pinSignIn(shop.client, employee.id, '1470');
    const otherToken = await pinSignIn(shop.client, other.employee.id, '1471');
    const now = Date.now();
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.insert(timeClock).values({
        businessId: shop.businessId,
        employeeId: employee.id,
        clockInTime: new Date(now - 10 * HOUR),
        breakStartTime: new Date(now - 6 * HOUR),
        breakEndTime: new Date(now - 5.5 * HOUR),
      }),
    );

    const res = await shop.client.api.POST('/api/employee-sessions/end-shift', { headers: as(tillB) });
    expect(res.response.status).toBe(200);
    expect(res.data!.ended_sessions).toBe(2);
    expect(res.data!.time_entry).toMatchObject({ employee_id: employee.id, total_hours: 9.5, overtime_hours: 1.5 });
    expect(Math.abs(Date.parse(res.data!.time_entry!.clock_out_time!) - now)).toBeLessThan(30_000);

    for (const token of [tillA, tillB]) expect((await current(token)).response.status).toBe(401);
    expect((await current(otherToken)).response.status).toBe(200);
    const rows = await sessionRows(employee.id);
    expect(rows.every((row) => !row.isActive && row.sessionEnd !== null)).toBe(true);
    const stored = await server.database.withTenant(shop.businessId, (tx) =>
      tx.select().from(timeClock).where(and(eq(timeClock.employeeId, employee.id))),
    );
    expect(stored).toMatchObject([{ totalHours: 9.5, overtimeHours: 1.5 }]);
  });

  it('end-shift without an open entry still ends the sessions, and never counts negative hours', async () => {
    const { employee } = await addEmployee(shop.client, { full_name: 'Nell Noshift', role: 'kitchen', pin: '1480' });
    const token = await pinSignIn(shop.client, employee.id, '1480');
    const res = await shop.client.api.POST('/api/employee-sessions/end-shift', { headers: as(token) });
    expect(res.data).toEqual({ ended_sessions: 1, time_entry: null });

    const again = await pinSignIn(shop.client, employee.id, '1480');
    // A clock-in stamped in the future (a till with a fast clock) closes at zero, not below.
    await server.database.withTenant(shop.businessId, (tx) =>
      tx.insert(timeClock).values({ businessId: shop.businessId, employeeId: employee.id, clockInTime: new Date(Date.now() + HOUR) }),
    );
    const closed = await shop.client.api.POST('/api/employee-sessions/end-shift', { headers: as(again) });
    expect(closed.data!.time_entry).toMatchObject({ total_hours: 0, overtime_hours: 0 });
  });
});
